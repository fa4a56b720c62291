/**
 * The one text rule for everything a person types (issue #24.4): forms, accounts, chat messages,
 * ratings, staff notes and messages, canned replies. Text holding a control character, a lone UTF-16
 * surrogate or (in a name) a bidirectional override is refused, not repaired; single-line text may not
 * hold a tab or a line break either. Accepted text is NFC-normalised, its line breaks made `\n`, and
 * trimmed. Text with nothing visible left once the invisible characters are removed counts as empty.
 */

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// C0 (NUL, BEL, ESC…), DEL and C1, except tab, line feed and carriage return: invisible, some unstorable
// (PostgreSQL refuses NUL in text), and terminals act on some when staff export or read the data.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

// Allowed only in multi-line text (the line and paragraph separators break lines too).
const TAB_OR_LINE_BREAK = /[\t\n\r\u2028\u2029]/;

// Embeddings, overrides and isolates: in a name they reorder what staff read around it (U+202E).
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

// Default-ignorable code points and format characters (U+00AD, U+034F, U+180E, U+200B–U+200F, U+2060–
// U+2064, U+FEFF, variation selectors, tags…) draw nothing, and these draw a blank: the Hangul fillers
// (also default-ignorable), the blank Braille pattern and the musical null notehead.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u115F\u1160\u3164\uFFA0\u2800\u{1D159}]/gu;

/** What kind of text a field holds: several lines (a text area), and whether it is a person's name. */
export type TextShape = { multiline?: boolean; name?: boolean };

export const UNSUPPORTED_CHARACTERS_MESSAGE = 'Remove the unsupported characters from this answer.';

/**
 * True when the text holds a character this field refuses: a control character, a lone surrogate, a
 * tab or line break inside single-line text (around it they are trimmed), a bidirectional control in a name.
 */
export function hasUnsupportedCharacters(value: string, { multiline = false, name = false }: TextShape = {}): boolean {
  if (CONTROL_CHARACTERS.test(value) || LONE_SURROGATE.test(value)) return true;
  if (!multiline && TAB_OR_LINE_BREAK.test(value.trim())) return true;
  return name && BIDI_CONTROLS.test(value);
}

/** NFC-normalises, makes every line break `\n` and trims; callers refuse unsupported characters first. */
export function textNormalise(value: string): string {
  return value.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}

/**
 * True when nothing visible is left once the invisible characters and white space are removed: such an
 * answer looks empty to staff, so it counts as empty. Text that merely contains one (a ZWJ emoji
 * sequence, ❤️, a ZWNJ inside an Indic name) is not blank.
 */
export function isBlank(value: string): boolean {
  return value.replace(INVISIBLE, '').trim() === '';
}
