import { spawn } from 'node:child_process';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../../server/env';
import { startTestServer } from '../helpers/test-server';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ withSite: true, writeFaults: true });
}, 60_000);
afterAll(() => server.close());

/** The entry module the page's boot script loads (data-modules, entry first). */
const firstModule = (html: string) => html.match(/data-modules="(\/assets\/[^" ]+\.js)/)?.[1];
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, { headers, redirect: 'manual' });

describe('security headers', () => {
  it('send a strict CSP and the other headers on pages', async () => {
    const response = await get('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    // 'self' and the one hash of the boot script: no inline script otherwise.
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('allow inline styles and the one inline script only by hash, matching what the page inlines', async () => {
    const response = await get('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    const html = await response.text();
    const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    expect(inline.length).toBeGreaterThan(0);
    const { createHash } = await import('node:crypto');
    for (const css of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    const scriptSources = csp.match(/script-src ([^;]*)/)![1]!.split(' ');
    expect(scriptSources).toEqual(["'self'", `'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}'`]);
  });

  it('send only nosniff (no document headers) with hashed assets', async () => {
    const html = await (await get('/')).text();
    const script = firstModule(html)!;
    const asset = await get(script);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('content-security-policy')).toBeNull();
  });

  it('send HSTS only over HTTPS (behind a trusted proxy)', async () => {
    expect((await get('/healthz')).headers.get('strict-transport-security')).toBeNull();
    const proxied = await startTestServer({ env: { TRUST_PROXY: '1' } });
    try {
      const response = await fetch(`${proxied.baseUrl}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
    } finally {
      await proxied.close();
    }
  });
});

describe('compression and caching', () => {
  it('compress HTML with brotli and gzip', async () => {
    const brotli = await get('/', { 'accept-encoding': 'br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const raw = await fetch(`${server.baseUrl}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(await raw.text()).toContain('<div id="root">');
    void zlib;
  });

  it('leave tRPC answers uncompressed, even one above the compressor’s 1 KB threshold', async () => {
    const response = await fetch(`${server.baseUrl}/trpc/forms.submitTripPlan`, {
      method: 'POST',
      headers: { origin: server.baseUrl, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      body: JSON.stringify({ fullName: 'x'.repeat(300), email: 'not-an-address', website: '', fillMs: 5000 }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect((await response.text()).length).toBeGreaterThan(1024);
  });

  it('revalidate HTML and cache hashed assets for a year', async () => {
    const page = await get('/');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const script = firstModule(html);
    expect(script).toBeDefined();
    const asset = await get(script!);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answer a missing asset with 404, not the app shell', async () => {
    expect((await get('/assets/nope-123.js')).status).toBe(404);
  });
});

describe('pages', () => {
  it('serve prerendered pages with their own title', async () => {
    const response = await get('/about');
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/<title>About Us - [^<]+<\/title>/);
  });

  it('answer unknown paths with the 404 page and status 404', async () => {
    const response = await get('/no/such/page');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page Not Found');
    expect(html).toContain('href="/services"');
  });

  it('redirect a trailing slash permanently', async () => {
    const response = await get('/about/');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/about');
  });
});

describe('health', () => {
  it('GET /healthz answers 200 with status and version', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      version: 'test',
      database: 'ok',
      messages: { queued: 0, oldestSeconds: 0 },
    });
  });

  it('the tRPC health procedure answers', async () => {
    const response = await get('/trpc/health.check');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { data: unknown } }).result.data).toEqual({ status: 'ok' });
  });
});

describe('origin check', () => {
  it('refuse a state-changing request from another origin with 403', async () => {
    const response = await fetch(`${server.baseUrl}/trpc/health.check`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });
});

describe('configuration', () => {
  it('refuse a bad value, naming the variable', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://db/app' })).toThrow(/DATABASE_URL/);
  });

  it('refuse REDIS_URL without a shared CHAT_COOKIE_SECRET, and accept it with one', () => {
    expect(() => loadEnv({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
      /CHAT_COOKIE_SECRET: must be set when REDIS_URL/,
    );
    const env = loadEnv({ REDIS_URL: 'redis://127.0.0.1:6379', CHAT_COOKIE_SECRET: 'x'.repeat(32) });
    expect(env.REDIS_URL).toBe('redis://127.0.0.1:6379');
  });

  it('refuse as many write lanes as PostgreSQL connections (reads need one too); four lanes of ten by default', () => {
    const url = 'postgres://app@db:5432/app';
    expect(() => loadEnv({ DATABASE_URL: url, DATABASE_WRITE_LANES: '10' })).toThrow(
      /DATABASE_WRITE_LANES: must be less than DATABASE_POOL_SIZE \(10\)/,
    );
    expect(
      loadEnv({ DATABASE_URL: url, DATABASE_POOL_SIZE: '20', DATABASE_WRITE_LANES: '10' }).DATABASE_WRITE_LANES,
    ).toBe(10);
    expect(loadEnv({ DATABASE_URL: url })).toMatchObject({ DATABASE_POOL_SIZE: 10, DATABASE_WRITE_LANES: 4 });
    expect(() => loadEnv({ DATABASE_WRITE_LANES: '0' })).toThrow(/DATABASE_WRITE_LANES/);
  });

  it('stop the real server at start-up with a message naming the variable', async () => {
    // Run without blocking this process (spawnSync would stall the shared test server past its
    // keep-alive timeout, and the next request would meet a reset connection).
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: '/tmp/ilera-config-test' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(status).toBe(78);
    expect(stderr).toContain('PORT');
  }, 30_000);
});

describe('pages and form posts', () => {
  const post = (path: string) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=ada%40example.ng&password=secret-secret',
    });

  it('send a form posted before its script arrived back to its page, storing nothing and keeping it out of the URL', async () => {
    const response = await post('/login');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login');
    const withQuery = await post('/services/order-service?package=basic');
    expect(withQuery.headers.get('location')).toBe('/services/order-service?package=basic');
  });

  it('store a stored form sent as a plain HTML post, then show where it went (issue #15)', async () => {
    const send = (body: Record<string, string>, origin = server.baseUrl) =>
      fetch(`${server.baseUrl}/resources`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
    const count = async (email: string) =>
      (await server.db.selectFrom('newsletter_subscriptions').select('id').where('email', '=', email).execute()).length;

    const stored = await send({ formName: 'newsletter', email: 'native@example.ng', website: '' });
    expect(stored.status).toBe(303);
    expect(stored.headers.get('location')).toMatch(
      /^\/resources\?form=newsletter&sent=SUB-[2-9A-Z]{5}#newsletter-sent$/,
    );
    expect(await count('native@example.ng')).toBe(1);

    // The same address again: the page comes back with the newsletter's own message.
    const again = await send({ formName: 'newsletter', email: 'native@example.ng', website: '' });
    expect(again.status).toBe(409);
    // The spec's catalogue text, as the toast would say it.
    expect(await again.text()).toContain(
      'Already Subscribed: This email address is already subscribed to our newsletter.',
    );

    // A server failure (the database fails this address's insert): the form's own failure text, nothing stored.
    const failed = await send({ formName: 'newsletter', email: 'testfault-error-native@example.ng', website: '' });
    expect(failed.status).toBe(500);
    expect(await failed.text()).toContain('Subscription Failed: Could not subscribe. Please try again later.');
    expect(await count('testfault-error-native@example.ng')).toBe(0);

    // A filled honeypot looks like a success and stores nothing; another site's post is refused.
    const bot = await send({ formName: 'newsletter', email: 'bot@example.ng', website: 'https://spam.example' });
    expect(bot.status).toBe(303);
    expect(await count('bot@example.ng')).toBe(0);
    const foreign = await send(
      { formName: 'newsletter', email: 'csrf@example.ng', website: '' },
      'https://evil.example',
    );
    expect(foreign.status).toBe(403);
    expect(await count('csrf@example.ng')).toBe(0);
    // A browser's plain post reads a page that says so; an API client gets JSON.
    const refusedPage = await fetch(`${server.baseUrl}/resources`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: 'https://evil.example',
        accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ formName: 'newsletter', email: 'csrf2@example.ng' }).toString(),
    });
    expect(refusedPage.status).toBe(403);
    expect(refusedPage.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await refusedPage.text()).toContain(
      'This request came from another site and was refused. Nothing was stored.',
    );
    expect(await count('csrf2@example.ng')).toBe(0);

    // An unknown form name is not a form: back to the page, nothing stored.
    expect((await send({ formName: 'nope', email: 'x@example.ng' })).status).toBe(303);
  });

  it('never redirect to another site through a path that starts with two slashes', async () => {
    const slash = await get('//evil.example/');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/evil.example');
    const posted = await post('//evil.example');
    expect(posted.headers.get('location')).toBe('/evil.example');
    const backslash = await post('/\\evil.example');
    expect(backslash.headers.get('location')).toBe('/evil.example');
  });
});
