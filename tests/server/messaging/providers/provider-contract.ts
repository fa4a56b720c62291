/**
 * The harness of the providers' contract tests (issue #27.1): msw answers the provider's send URL as a fixture says
 * and keeps each request as it arrived; any other request fails the test, so nothing leaves the machine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ProviderError, type MessagingDriver } from '../../../../server/messaging/messaging-types';

export const contractMessage = {
  to: '+2348031234567',
  text: 'Ilera: request ILR-7K2P is confirmed.',
  template: 'request_confirmed',
};

export type SeenRequest = { method: string; url: string; headers: Headers; body: string };

/** Call at the top of a test file: it registers msw's lifecycle with vitest. */
export function providerContract(options: { fixtures: string; sendUrl: string; driver: () => MessagingDriver }) {
  const folder = path.resolve(import.meta.dirname, '../fixtures', options.fixtures);
  const fixtureBytes = (name: string) => fs.readFileSync(path.join(folder, name));
  const fixture = (name: string) => JSON.parse(fixtureBytes(name).toString('utf8')) as Record<string, unknown>;

  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  /** Answers every send with `reply` and keeps each request as it arrived. */
  function answerSends(reply: () => Response) {
    const seen: SeenRequest[] = [];
    server.use(
      http.post(options.sendUrl, async ({ request }) => {
        seen.push({ method: request.method, url: request.url, headers: request.headers, body: await request.text() });
        return reply();
      }),
    );
    return seen;
  }

  /** The ProviderError a send gets when the provider answers `reply`. */
  async function sendError(reply: () => Response): Promise<ProviderError> {
    answerSends(reply);
    const error = await options
      .driver()
      .send(contractMessage)
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }

  return { server, fixture, fixtureBytes, answerSends, sendError };
}
