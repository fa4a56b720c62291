/**
 * The one retry policy for chat sends, used by the visitor widget and the agent console. A send
 * carries a client id that the server stores once, so sending again is always safe; the policy
 * only decides whether it can help and how long to wait.
 */
import { RETRYABLE_CHAT_ERRORS, type ChatError } from '../../shared/chat-events';
import { CHAT_ACK_TIMEOUT_MS, CHAT_SEND_MAX_ATTEMPTS } from '../../shared/constants';

export type RetryPolicy = {
  /** How long to wait for an acknowledgement before treating the send as lost. */
  ackTimeoutMs: number;
  /** Server failures (an error answer worth retrying) before the send is given up. */
  maxServerFailures: number;
  /** Wait before attempt `attempt + 1` (attempt counts from 1). */
  delayMs: (attempt: number) => number;
  /**
   * 'retry' for a lost acknowledgement (null: the network, never the message's fault, so never
   * counted) or a retryable server error; 'fail' for a refusal that will not change.
   */
  verdict: (error: ChatError | null) => 'retry' | 'fail';
};

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

/** Exponential backoff from 0.5 s, capped at 30 s, with up to 20 % jitter so tabs do not retry in step. */
export const backoffDelayMs = (attempt: number, random: () => number = Math.random) =>
  Math.round(Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1)) * (1 + 0.2 * random()));

export function createRetryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  return {
    ackTimeoutMs: CHAT_ACK_TIMEOUT_MS,
    maxServerFailures: CHAT_SEND_MAX_ATTEMPTS,
    delayMs: backoffDelayMs,
    verdict: (error) => (error === null || RETRYABLE_CHAT_ERRORS.includes(error.code) ? 'retry' : 'fail'),
    ...overrides,
  };
}
