/** The fake's calls to the app: its webhook posts and Meta's verification GET. Neither throws: the outcome says. */
import { randomInt } from 'node:crypto';
import type { AppCallback, CallbackOutcome } from './fake-provider-types';

const unanswered = (error: unknown) =>
  `the app did not answer (${error instanceof Error ? error.message : String(error)})`;

export function createAppClient(appUrl: string, timeoutMs: number, now: () => Date) {
  const outcome = (what: string, to: string, result: number | string): CallbackOutcome => ({
    at: now().toISOString(),
    what,
    to,
    result,
  });

  return {
    async post(callback: AppCallback, what: string, to: string): Promise<CallbackOutcome> {
      try {
        const response = await fetch(appUrl + callback.path, {
          method: 'POST',
          headers: { 'content-type': callback.contentType, ...callback.headers },
          body: callback.body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.arrayBuffer();
        return outcome(what, to, response.status);
      } catch (error) {
        return outcome(what, to, unanswered(error));
      }
    },

    /** Meta's GET: hub.mode=subscribe, the verify token and a challenge to echo (the Graph API webhooks guide). */
    async verifyWhatsAppWebhook(verifyToken: string): Promise<CallbackOutcome> {
      const what = 'WhatsApp webhook verification';
      const challenge = String(randomInt(1e9));
      const query = new URLSearchParams({
        'hub.mode': 'subscribe',
        'hub.verify_token': verifyToken,
        'hub.challenge': challenge,
      });
      try {
        const response = await fetch(`${appUrl}/webhooks/whatsapp?${query}`, {
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body = await response.text();
        const verified = response.ok && body === challenge;
        return outcome(
          what,
          appUrl,
          verified ? 'verified: the app echoed the challenge' : `not verified: the app answered ${response.status}`,
        );
      } catch (error) {
        return outcome(what, appUrl, unanswered(error));
      }
    },
  };
}
