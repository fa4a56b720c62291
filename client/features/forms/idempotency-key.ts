/**
 * 22 url-safe characters (128 random bits): the key one submission keeps across its retries
 * (IDEMPOTENCY_KEY_PATTERN).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
