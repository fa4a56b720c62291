/** `npm start`: rebuild when dist/ is missing or older than the sources, then run the server. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { distDir } from '../site/load-site-build';
import { buildIsCurrent } from './source-fingerprint';

if (!buildIsCurrent(distDir)) {
  console.log('Building the site (first start or sources changed)...');
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'build.ts')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
await import('../index');
