import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const inputs = ['client', 'shared', 'vite.config.ts', 'package-lock.json'];

function* walk(entry: string): Generator<string> {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isDirectory()) for (const child of fs.readdirSync(entry).sort()) yield* walk(path.join(entry, child));
  else yield entry;
}

/** A hash of every file the client build reads (paths, sizes, contents). */
export function sourceFingerprint(): string {
  const hash = crypto.createHash('sha256');
  for (const input of inputs) {
    for (const file of walk(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export function buildIsCurrent(distDir: string): boolean {
  const infoFile = path.join(distDir, 'build-info.json');
  if (!fs.existsSync(infoFile)) return false;
  const info = JSON.parse(fs.readFileSync(infoFile, 'utf8')) as { fingerprint?: string };
  return info.fingerprint === sourceFingerprint();
}
