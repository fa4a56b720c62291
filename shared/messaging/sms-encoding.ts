/**
 * How an SMS is carried (GSM 03.38): text wholly in the GSM-7 alphabet goes 160 characters to a segment, 153 when it
 * takes several (the rest carries the join header); one character outside it turns the whole text into UCS-2, 70 to a
 * segment and 67 when several. Each segment is billed, so templates are held to a budget (issue #27.4).
 */

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: each costs two septets (an escape, then the character). */
const GSM7_EXTENDED = '^{}\\[~]|€\f';

const basic = new Set(GSM7_BASIC);
const extended = new Set(GSM7_EXTENDED);

export type SmsEncoding = 'GSM-7' | 'UCS-2';
export type SmsSize = { encoding: SmsEncoding; units: number; segments: number };

export const isGsm7 = (text: string) => [...text].every((char) => basic.has(char) || extended.has(char));

/** The characters that force UCS-2, for a test's message ('’' in a template turns it into UCS-2). */
export const nonGsm7Characters = (text: string) => [
  ...new Set([...text].filter((c) => !basic.has(c) && !extended.has(c))),
];

export function smsSize(text: string): SmsSize {
  if (isGsm7(text)) {
    const septets = [...text].reduce((sum, char) => sum + (extended.has(char) ? 2 : 1), 0);
    return { encoding: 'GSM-7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
  }
  // UCS-2 counts UTF-16 code units: a character outside the BMP (an emoji) takes two.
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}
