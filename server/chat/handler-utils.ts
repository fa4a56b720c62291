import type { z } from 'zod';
import type { AckResult, ChatError, ChatErrorCode } from '../../shared/chat-events';

export const chatError = (
  code: ChatErrorCode,
  message: string,
  extra: Partial<ChatError> = {},
): { ok: false; error: ChatError } => ({
  ok: false,
  error: { code, message, ...extra },
});

/** The first zod message, for the visitor to read (e.g. 'Please type a message before sending.'). */
export const invalidPayload = (error: z.ZodError) =>
  chatError('INVALID_PAYLOAD', error.issues[0]?.message ?? 'That request was not valid.');

/**
 * Wraps an acknowledged handler: validates the payload with its schema, refuses a missing ack
 * callback, and turns any thrown error into an error result (never a stack trace).
 */
export function acked<S extends z.ZodType, Result extends AckResult>(
  schema: S,
  handle: (input: z.output<S>) => Promise<Result>,
  onUnexpected: (error: unknown) => { ok: false; error: ChatError },
) {
  return async (payload: unknown, ack: unknown) => {
    if (typeof ack !== 'function') return;
    const reply = ack as (result: Result | { ok: false; error: ChatError }) => void;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) return reply(invalidPayload(parsed.error));
    try {
      reply(await handle(parsed.data));
    } catch (error) {
      reply(onUnexpected(error));
    }
  };
}

/** Wraps a fire-and-forget handler: invalid payloads are dropped. */
export function unacked<S extends z.ZodType>(
  schema: S,
  handle: (input: z.output<S>) => void | Promise<void>,
  onUnexpected: (error: unknown) => void,
) {
  return async (payload: unknown) => {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) return;
    try {
      await handle(parsed.data);
    } catch (error) {
      onUnexpected(error);
    }
  };
}
