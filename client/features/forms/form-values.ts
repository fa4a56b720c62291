/** Reads a named control's current value as text ('' when absent). */
export function textValue(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}
