/**
 * CSV for staff exports (RFC 4180): every cell quoted when needed, and cells that
 * a spreadsheet would run as a formula (starting = + - @, tab or carriage return)
 * prefixed with an apostrophe so they show as text (OWASP "CSV injection").
 *
 * Phone numbers (issue #23.4): a spreadsheet reads '08031234567' as a number and drops
 * the zero, and '+234…' as a number or (with the apostrophe) shows the apostrophe. A
 * phone cell made only of phone characters (digits, spaces, + ( ) - .) is written as
 * the text formula ="…", which every spreadsheet shows as the text itself. Nothing
 * else can be in it, so it cannot run anything; any other value gets the usual guard.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PHONE_TEXT = /^\+?[\d\s().-]+$/;

const quoted = (text: string) =>
  /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- cells are SQLite values (text, numbers, bigints)
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return quoted(text);
}

/** A phone number as text a spreadsheet keeps as typed: the + and the leading 0 stay. */
export function csvPhoneCell(value: unknown): string {
  if (typeof value !== 'string' || !PHONE_TEXT.test(value)) return csvCell(value);
  return quoted(`="${value}"`);
}

/** Columns of the form tables and the inbox that hold phone numbers (written with `csvPhoneCell`). */
export const PHONE_COLUMNS: ReadonlySet<string> = new Set(['phone', 'phone_e164']);

export function toCsv(columns: string[], rows: Record<string, unknown>[]): string {
  const cell = (column: string, value: unknown) => (PHONE_COLUMNS.has(column) ? csvPhoneCell(value) : csvCell(value));
  const lines = [
    columns.map(csvCell).join(','),
    ...rows.map((row) => columns.map((column) => cell(column, row[column])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
