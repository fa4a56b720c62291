import { randomBytes, randomInt } from 'node:crypto';
import type { FakeSendAnswer } from './fake-provider-types';

export const jsonAnswer = (status: number, body: unknown): FakeSendAnswer => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
  accepted: [],
});

export const textAnswer = (status: number, body: string): FakeSendAnswer => ({
  status,
  contentType: 'text/plain',
  body,
  accepted: [],
});

/** A JSON body as an object, or null when it is not JSON or not an object. */
export function jsonObject(body: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const headerValue = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** Termii's message ids are long decimal strings. */
export const decimalId = (digits = 19) =>
  String(randomInt(1, 10)) + Array.from({ length: digits - 1 }, () => String(randomInt(0, 10))).join('');

export const hexId = (bytes = 12) => randomBytes(bytes).toString('hex');

/** E.164 with the plus, as Africa's Talking and WhatsApp take it. */
export const isE164 = (value: string) => /^\+[1-9]\d{7,14}$/.test(value);

/** 'YYYY-MM-DD HH:mm:ss' in UTC: the page's times. */
export const spacedUtc = (now: Date) => now.toISOString().slice(0, 19).replace('T', ' ');

const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/**
 * 'YYYY-MM-DD HH:mm:ss' in Lagos time (UTC+1 all year), as Termii writes sent_at: its docs give no zone, and Termii
 * is a Lagos company, which is also how the app's Termii webhook reads it.
 */
export const spacedLagos = (now: Date) => spacedUtc(new Date(now.getTime() + LAGOS_OFFSET_MS));
