// `npm start`: builds when dist/ is missing or older than the sources, then runs the compiled
// server (dist/server/index.mjs) in this process with plain node. Plain JavaScript because it
// runs before anything is built and on production installs without tsx (docs/decisions/0017).
// The running server never rebuilds: only this launcher does, before the server starts.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildState } from './source-fingerprint.mjs';

// The launcher cannot import server/env.ts (TypeScript, maybe not built yet): it reads the one
// setting it needs, with the same default as the env schema (relative to the working folder).
const distDir = path.resolve(process.env.DIST_DIR || 'dist');
const serverEntry = path.join(distDir, 'server', 'index.mjs');

/** The build needs tsx and Vite, which a production install (npm ci --omit=dev) does not have. */
function canBuild() {
  try {
    import.meta.resolve('tsx');
    import.meta.resolve('vite');
    return true;
  } catch {
    return false;
  }
}

const state = buildState(distDir);
if (state !== 'current') {
  if (canBuild()) {
    console.log(
      state === 'missing'
        ? 'Building the site (no build yet)...'
        : 'Building the site (sources changed since the last build)...',
    );
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'build.ts')], {
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  } else if (state === 'missing') {
    console.error(`No build in ${distDir} and no build tools installed: run \`npm ci && npm run build\` first.`);
    process.exit(1);
  } else {
    console.error(
      'Warning: the sources changed since the last build, but the build tools are not installed (production install); serving the existing build.',
    );
  }
}
// Libraries (Express, React) read NODE_ENV themselves; the env schema defaults it to production too.
process.env.NODE_ENV ??= 'production';
// Logged stacks then name server/*.ts lines, not lines of the bundle (its .map files ship beside it).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);
