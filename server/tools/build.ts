/**
 * Production build: the client bundle, the server-render bundle, then every public
 * route prerendered to dist/prerendered/*.html. Writes dist/build-info.json with a
 * fingerprint of the sources so `npm start` knows when a rebuild is due.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { RenderResult } from '../../shared/render-result';
import { buildHtmlDocument, prerenderedFileFor, type ViteManifest } from '../site/html-document';
import { distDir } from '../site/load-site-build';
import { createAssetReader } from '../site/site-assets';
import { sourceFingerprint } from './source-fingerprint';

const configFile = path.resolve(import.meta.dirname, '../../vite.config.ts');
const started = Date.now();

await build({ configFile, logLevel: 'warn', build: { outDir: path.join(distDir, 'client'), emptyOutDir: true } });
await build({
  configFile,
  logLevel: 'warn',
  // Self-contained ES modules (.mjs, dependencies bundled) so a build in any folder
  // (DIST_DIR) runs without a node_modules or package.json beside it.
  ssr: { noExternal: true },
  build: {
    ssr: 'entry-server.tsx',
    outDir: path.join(distDir, 'server'),
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs', codeSplitting: false } },
  },
});

const clientDir = path.join(distDir, 'client');
const prerenderedDir = path.join(distDir, 'prerendered');
fs.rmSync(prerenderedDir, { recursive: true, force: true });
const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
const entry = (await import(pathToFileURL(path.join(distDir, 'server', 'entry-server.mjs')).href)) as {
  render: (url: string) => Promise<RenderResult>;
  prerenderPaths: () => string[];
};

const readAsset = createAssetReader(clientDir);
let count = 0;
for (const url of entry.prerenderPaths()) {
  const result = await entry.render(url);
  if (result.kind !== 'page' || result.status !== 200) throw new Error(`Prerender of ${url} gave ${result.kind} ${result.status}`);
  const file = path.join(prerenderedDir, prerenderedFileFor(url));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, buildHtmlDocument(template, manifest, result, readAsset));
  count++;
}

fs.writeFileSync(path.join(distDir, 'build-info.json'), JSON.stringify({ fingerprint: sourceFingerprint(), builtAt: new Date().toISOString() }, null, 2));
console.log(`Built client, server entry and ${count} prerendered pages in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
