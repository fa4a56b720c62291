import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AssetReader } from './html-document';

/** Reads built assets once and keeps them: pages inline the same few stylesheets. */
export function createAssetReader(clientDir: string): AssetReader {
  const cache = new Map<string, string>();
  return (file) => {
    let text = cache.get(file);
    if (text === undefined) {
      text = fs.readFileSync(path.join(clientDir, file), 'utf8');
      cache.set(file, text);
    }
    return text;
  };
}

/** CSP source expressions ('sha256-…') for every built stylesheet, which pages inline. */
export function inlineStyleHashes(clientDir: string): string[] {
  const assetsDir = path.join(clientDir, 'assets');
  return fs
    .readdirSync(assetsDir)
    .filter((file) => file.endsWith('.css'))
    .map(
      (file) =>
        `'sha256-${crypto
          .createHash('sha256')
          .update(fs.readFileSync(path.join(assetsDir, file), 'utf8'))
          .digest('base64')}'`,
    );
}
