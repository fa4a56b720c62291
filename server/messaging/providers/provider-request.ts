import { ProviderError } from '../messaging-types';

/** How long one call to a provider may take before the message is counted as not sent (and retried later). */
export const PROVIDER_TIMEOUT_MS = 15_000;

export type ProviderReply = {
  status: number;
  ok: boolean;
  /** The body parsed as JSON, or undefined when it is not JSON (some providers answer errors in plain text). */
  json: unknown;
  text: string;
};

type RequestOptions = {
  /** The provider's name for messages ('Termii'). */
  provider: string;
  url: string;
  init: RequestInit;
  /** Credentials that must never appear in an error message, even if the provider echoes them back. */
  secrets: readonly string[];
};

/** Replaces each secret in `text` and keeps the provider's wording short enough for a log line and an outbox row. */
export function redact(text: string, secrets: readonly string[]): string {
  let safe = text;
  for (const secret of secrets) if (secret) safe = safe.split(secret).join('[redacted]');
  return safe.length > 300 ? `${safe.slice(0, 300)}…` : safe;
}

/**
 * One HTTP call to a provider with a time limit. A call that never got an answer (network down, DNS, timeout) is a
 * retryable ProviderError: the provider did not take the message, so trying again cannot send it twice.
 */
export async function requestProvider(fetchImpl: typeof fetch, options: RequestOptions): Promise<ProviderReply> {
  let response: Response;
  try {
    response = await fetchImpl(options.url, { ...options.init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new ProviderError(`${options.provider} could not be reached (${redact(reason, options.secrets)})`, true);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // The provider may have taken the message before the connection broke: the queue decides, but it cannot be sure.
    throw new ProviderError(
      `${options.provider} answered ${response.status} but its body broke off (${redact(reason, options.secrets)})`,
      true,
      response.status,
    );
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, ok: response.ok, json, text };
}

/** Too many requests and the provider's own failures pass; everything else about a request will fail again. */
export const retryableHttpStatus = (status: number) => status === 429 || status === 408 || status >= 500;

/** E.164 as the outbox keeps it; a driver refuses anything else before it costs a request. */
export function checkE164(provider: string, to: string): string {
  if (!/^\+[1-9]\d{7,14}$/.test(to)) throw new ProviderError(`${provider}: '${to}' is not an E.164 number`, false);
  return to;
}
