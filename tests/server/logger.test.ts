import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED } from '../../server/logger';
import { startTestServer } from '../helpers/test-server';
import { waitFor } from '../helpers/wait-for';

type Line = Record<string, unknown> & { msg?: string; level?: string };

function collectingLogger(level: 'info' | 'error' = 'info') {
  const lines: { line: string; isError: boolean }[] = [];
  const logger = createLogger(level, (line, isError) => void lines.push({ line, isError }));
  const parsed = () => lines.map(({ line }) => JSON.parse(line) as Line);
  return { logger, lines, parsed };
}

describe('logger (pino)', () => {
  it('writes one JSON object per line with the message first, errors apart from the rest', () => {
    const { logger, lines } = collectingLogger();
    logger.info('listening', { url: 'http://localhost:3000' });
    logger.error('something failed', { id: 3 });
    expect(lines).toHaveLength(2);
    expect(lines[0]!.line).toMatch(
      /^\{"level":"info","time":"[^"]+","msg":"listening","url":"http:\/\/localhost:3000"\}$/,
    );
    expect(lines.map((entry) => entry.isError)).toEqual([false, true]);
    expect(JSON.parse(lines[1]!.line)).toMatchObject({ level: 'error', msg: 'something failed', id: 3 });
  });

  it('keeps the type, message and stack of an error passed as err', () => {
    const { logger, parsed } = collectingLogger();
    const thrown = new TypeError('the disk is full');
    logger.error('write failed', { err: thrown });
    const err = parsed()[0]!.err as { type: string; message: string; stack: string };
    expect(err.type).toBe('TypeError');
    expect(err.message).toBe('the disk is full');
    expect(err.stack).toContain('logger.test.ts');
  });

  it('redacts e-mails, passwords, tokens, cookies and authorization in fields, nested fields and headers', () => {
    const { logger, lines } = collectingLogger();
    logger.info('sign-up', {
      email: 'ada@example.ng',
      password: 'correct horse battery',
      token: 'tok_live_123456',
      user: { email: 'bola@example.ng', newPassword: 'another secret' },
      headers: { cookie: 'session=abcdef123', authorization: 'Bearer xyz789', accept: 'text/html' },
      req: { headers: { cookie: 'chat=visitor42' } },
    });
    const text = lines.map(({ line }) => line).join('\n');
    for (const secret of [
      'ada@example.ng',
      'correct horse',
      'tok_live_123456',
      'bola@example.ng',
      'another secret',
      'abcdef123',
      'xyz789',
      'visitor42',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain(REDACTED);
    expect(text).toContain('text/html'); // other headers stay readable
  });

  it('honours LOG_LEVEL: error hides info lines, silent hides everything', () => {
    const quiet = collectingLogger('error');
    quiet.logger.info('hidden');
    quiet.logger.error('shown');
    expect(quiet.parsed().map((line) => line.msg)).toEqual(['shown']);
    const lines: string[] = [];
    const silent = createLogger('silent', (line) => void lines.push(line));
    silent.error('nothing');
    expect(lines).toEqual([]);
  });
});

describe('request log (pino-http)', () => {
  it('logs one line per request: method, path without the query, status and time; no IP, no headers', async () => {
    const { logger, parsed } = collectingLogger();
    const server = await startTestServer({ deps: { logger } });
    try {
      const response = await fetch(`${server.baseUrl}/healthz?token=secret-in-query`, {
        headers: { cookie: 'session=abc' },
      });
      expect(response.status).toBe(200);
      // pino-http writes the line when the response finishes, which may be after the client has read it.
      await waitFor(() => parsed().some((line) => line.msg === 'request'), 5000, 'the request line');
      const requests = parsed().filter((line) => line.msg === 'request');
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({
        level: 'info',
        req: { method: 'GET', path: '/healthz' },
        res: { status: 200 },
      });
      expect(typeof requests[0]!.ms).toBe('number');
      const text = JSON.stringify(parsed());
      expect(text).not.toContain('secret-in-query');
      expect(text).not.toContain('127.0.0.1');
      expect(text).not.toContain('session=abc');
    } finally {
      await server.close();
    }
  });

  it('logs a failed health check with its stack, and the request at error level', async () => {
    const { logger, parsed } = collectingLogger();
    const server = await startTestServer({ deps: { logger } });
    try {
      // The health check's query fails once the database is closed: the node answers 503 so a
      // load balancer takes it out, and the log keeps the real cause with its stack.
      await server.db.destroy();
      const response = await fetch(`${server.baseUrl}/healthz`);
      expect(response.status).toBe(503);
      await waitFor(
        () => parsed().some((line) => line.msg === 'request failed' || line.msg === 'request'),
        5000,
        'the request line',
      );
      const failed = parsed().find((line) => line.msg === 'health check failed')!;
      expect(failed).toMatchObject({ level: 'error' });
      expect((failed.err as { stack: string }).stack).toMatch(/\n\s+at /);
      const requestLine = parsed().find((line) => line.msg === 'request failed' || line.msg === 'request')!;
      expect(requestLine).toMatchObject({ level: 'error', res: { status: 503 } });
      // No made-up error on the request line: the real cause and its stack are on the line above.
      expect(requestLine.err).toBeUndefined();
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});
