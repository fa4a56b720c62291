// Plain JavaScript (with types in source-fingerprint.d.mts): `npm start` runs it with node
// before anything is built, and on a production install where tsx is absent.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
// Everything the build reads: the client, the server bundle and its migrations, and the
// configuration and lockfile that decide how they are compiled.
const inputs = [
  'client',
  'server',
  'shared',
  'migrations',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

function* walk(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isDirectory()) for (const child of fs.readdirSync(entry).sort()) yield* walk(path.join(entry, child));
  else yield entry;
}

/** A hash of every file the build reads (paths and contents). */
export function sourceFingerprint() {
  const hash = crypto.createHash('sha256');
  for (const input of inputs) {
    for (const file of walk(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/** 'missing' (no server bundle or no build-info.json), 'stale' (sources changed since) or 'current'. */
export function buildState(distDir) {
  const infoFile = path.join(distDir, 'build-info.json');
  if (!fs.existsSync(infoFile) || !fs.existsSync(path.join(distDir, 'server', 'index.mjs'))) return 'missing';
  const info = JSON.parse(fs.readFileSync(infoFile, 'utf8'));
  return info.fingerprint === sourceFingerprint() ? 'current' : 'stale';
}
