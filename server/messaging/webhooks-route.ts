/**
 * The providers' callbacks (issue #27.6): POST /webhooks/termii, /webhooks/africastalking and /webhooks/whatsapp, and
 * Meta's verification GET. Each body is read raw (signatures cover the bytes), size-limited, checked by the provider's
 * signature or token (401, nothing changed), read as events and applied once. Rate-limited per address like every
 * public input; providers send from few addresses, so the limit is high.
 */
import express from 'express';
import type { AppServices } from '../services';
import { applyProviderEvents } from './provider-events';
import type { ProviderWebhook, WebhookRequest } from './messaging-types';

export const WEBHOOK_MAX_BODY_BYTES = 256 * 1024;

type Webhooks = Partial<Record<string, ProviderWebhook>>;

const webhookRequest = (req: express.Request): WebhookRequest => ({
  method: req.method,
  rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
  headers: req.headers,
  query: req.query as Record<string, string | undefined>,
});

export function messagingWebhooksRouter(services: AppServices, webhooks: Webhooks) {
  const router = express.Router();
  const limiter = services.limiters('messaging-webhooks', {
    limit: services.env.WEBHOOK_REQUESTS_PER_MINUTE,
    windowMs: 60_000,
  });

  router.use('/webhooks/:provider', async (req, res, next) => {
    const webhook = webhooks[req.params.provider];
    if (!webhook) return void res.status(404).type('text/plain').send('Not found');
    const verdict = await limiter.hit(req.ip ?? 'unknown');
    if (!verdict.allowed) return void res.status(429).setHeader('Retry-After', String(verdict.retryAfterSeconds)).end();
    res.locals.webhook = webhook;
    next();
  });

  router.get('/webhooks/:provider', (req, res) => {
    const webhook = res.locals.webhook as ProviderWebhook;
    const answer = webhook.challenge?.(webhookRequest(req)) ?? null;
    res.setHeader('Cache-Control', 'no-store');
    if (answer === null) return void res.status(403).type('text/plain').send('Forbidden');
    res.status(200).type('text/plain').send(answer);
  });

  router.post(
    '/webhooks/:provider',
    express.raw({ type: () => true, limit: WEBHOOK_MAX_BODY_BYTES }),
    async (req, res, next) => {
      const webhook = res.locals.webhook as ProviderWebhook;
      const request = webhookRequest(req);
      if (!webhook.verify(request)) {
        services.logger.info('webhook refused: bad signature', { provider: webhook.provider });
        return void res.status(401).type('text/plain').send('Unauthorized');
      }
      let events;
      try {
        events = webhook.parse(request);
      } catch (error) {
        services.logger.info('webhook refused: unreadable body', { provider: webhook.provider, err: error });
        return void res.status(400).type('text/plain').send('Bad request');
      }
      try {
        const result = await applyProviderEvents(services, webhook.provider, events);
        res.status(200).json({ ok: true, ...result });
      } catch (error) {
        next(error);
      }
    },
  );
  return router;
}
