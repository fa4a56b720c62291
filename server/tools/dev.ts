/** `npm run dev`: Vite with hot reload on PORT (3000) and the API server restarting on change on PORT+1. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createServer } from 'vite';

const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;
const root = path.resolve(import.meta.dirname, '../..');

const api = spawn(process.execPath, ['--import', 'tsx', '--watch', '--watch-path=server', '--watch-path=shared', '--watch-path=migrations', 'server/index.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'development', PORT: String(apiPort), HOST: '127.0.0.1' },
});

const target = `http://127.0.0.1:${apiPort}`;
const vite = await createServer({
  configFile: path.join(root, 'vite.config.ts'),
  server: {
    port,
    strictPort: true,
    proxy: { '/trpc': target, '/healthz': target, '/socket.io': { target, ws: true } },
  },
});
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
