/**
 * `npm run dev`: one command for development.
 * - The API server (tRPC, chat, /healthz) runs on PORT+1 and restarts when server code changes.
 * - A front server on PORT renders every page on the server through Vite (hot reload),
 *   like production, so server-only content shows in development too; API calls are proxied.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import { createServer } from 'vite';
import type { PageRenderer } from '../../shared/render-result';
import { loadEnv } from '../env';

const port = loadEnv().PORT;
const apiPort = port + 1;
const root = path.resolve(import.meta.dirname, '../..');
const target = `http://127.0.0.1:${apiPort}`;

const api = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--watch',
    '--watch-path=server',
    '--watch-path=shared',
    '--watch-path=migrations',
    'server/index.ts',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', PORT: String(apiPort), HOST: '127.0.0.1' },
  },
);

const vite = await createServer({
  configFile: path.join(root, 'vite.config.ts'),
  appType: 'custom',
  server: { middlewareMode: true, proxy: { '/trpc': target, '/healthz': target, '/socket.io': { target, ws: true } } },
});

const app = express();
app.use(vite.middlewares);
app.use(async (req, res, next) => {
  if (req.method !== 'GET') return next();
  try {
    const template = await vite.transformIndexHtml(
      req.originalUrl,
      fs.readFileSync(path.join(root, 'client/index.html'), 'utf8'),
    );
    const { render } = (await vite.ssrLoadModule('/rendering/entry-server.tsx')) as PageRenderer;
    const result = await render(req.originalUrl);
    if (result.kind === 'redirect') return res.redirect(result.status, result.location);
    const head = `<title>${result.title}</title><meta name="description" content="${result.description.replace(/"/g, '&quot;')}">`;
    res
      .status(result.status)
      .type('html')
      .send(template.replace('<!--app-head-->', head).replace('<!--app-html-->', result.html));
  } catch (error) {
    vite.ssrFixStacktrace(error as Error);
    next(error);
  }
});

const server = app.listen(port, () => console.log(`Dev server: http://localhost:${port} (API on :${apiPort})`));

const stop = async () => {
  api.kill('SIGTERM');
  server.close();
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
