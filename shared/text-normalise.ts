/**
 * Text clean-up shared by the forms and the server: every stored string is
 * trimmed and NFC-normalised, and text holding a NUL character or a lone UTF-16
 * surrogate (which cannot be stored or shown reliably) is refused, not repaired.
 */

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSUPPORTED_CHARACTERS_MESSAGE = 'Remove the unsupported characters from this answer.';

/** True when the text holds a NUL character or a lone surrogate. */
export function hasUnsupportedCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/** Trims and NFC-normalises; callers refuse unsupported characters first. */
export function textNormalise(value: string): string {
  return value.normalize('NFC').trim();
}
