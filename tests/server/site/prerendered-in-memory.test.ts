/** Issue #11: prerendered pages are answered from memory, so page GETs never wait on libuv's thread pool. */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteBuild } from '../../../server/site/load-site-build';
import { startTestServer } from '../../helpers/test-server';

const MARKER = '<!-- held in memory -->';
let copy: string;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  const build = await loadSiteBuild();
  if (!build) throw new Error('No production build in dist/: run `npm run build` first (npm test does).');
  // A private copy of the prerendered pages, marked, then removed from disk once the app has started.
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-prerendered-'));
  fs.cpSync(build.prerenderedDir, copy, { recursive: true });
  fs.appendFileSync(path.join(copy, 'about.html'), MARKER);
  server = await startTestServer({ deps: { site: { ...build, prerenderedDir: copy } } });
  fs.rmSync(copy, { recursive: true, force: true });
});

afterAll(() => server.close());

describe('prerendered pages', () => {
  it('are served from memory: the files can be gone from disk', async () => {
    const response = await fetch(`${server.baseUrl}/about`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain(MARKER);
  });

  it('are gzipped once at start: gzip when the client accepts it, plain otherwise', async () => {
    const get = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.baseUrl}/about`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                encoding: res.headers['content-encoding'],
                vary: String(res.headers.vary),
                body: Buffer.concat(chunks),
              }),
            );
          })
          .once('error', reject);
      });
    const zipped = await get('gzip, deflate, br');
    expect(zipped.encoding).toBe('gzip');
    expect(zipped.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(zipped.body).toString('utf8')).toContain(MARKER);
    const plain = await get('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain(MARKER);
    expect(plain.body.equals(gunzipSync(zipped.body))).toBe(true);
  });

  it('answer a matching If-None-Match with 304, and HEAD without a body', async () => {
    const first = await fetch(`${server.baseUrl}/about`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request, which disables 304s.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(`${server.baseUrl}/about`, { headers: { 'if-none-match': etag! } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
        .once('error', reject);
    });
    expect(status).toBe(304);
    const head = await fetch(`${server.baseUrl}/about`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('still redirect a trailing slash and render unknown pages as 404', async () => {
    const slash = await fetch(`${server.baseUrl}/about/`, { redirect: 'manual' });
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/about');
    expect((await fetch(`${server.baseUrl}/no-such-page-here`)).status).toBe(404);
  });
});
