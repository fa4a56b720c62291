/**
 * CSV for staff exports (RFC 4180): every cell quoted when needed, and cells that
 * a spreadsheet would run as a formula (starting = + - @, tab or carriage return)
 * prefixed with an apostrophe so they show as text (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- cells are SQLite values (text, numbers, bigints)
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(columns: string[], rows: Record<string, unknown>[]): string {
  const lines = [
    columns.map(csvCell).join(','),
    ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
