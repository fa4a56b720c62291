/**
 * Production build: the client bundle, the server-render bundle, every public route
 * prerendered to dist/prerendered/*.html, and the Node server itself compiled to
 * dist/server/index.mjs (migrations beside it in dist/server/migrations/*.mjs), so
 * production runs plain node without tsx or Vite. Writes dist/build-info.json with a
 * fingerprint of the sources so `npm start` knows when a rebuild is due.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import type { RenderResult } from '../../shared/render-result';
import { buildHtmlDocument, prerenderedFileFor, type ViteManifest } from '../site/html-document';
import { distDir } from '../site/load-site-build';
import { createAssetReader } from '../site/site-assets';
import { sourceFingerprint } from './source-fingerprint.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const configFile = path.join(root, 'vite.config.ts');
const started = Date.now();
// Taken before reading the sources: an edit made during the build makes the next start rebuild.
const fingerprint = sourceFingerprint();
fs.rmSync(path.join(distDir, 'build-info.json'), { force: true });

await build({ configFile, logLevel: 'warn', build: { outDir: path.join(distDir, 'client'), emptyOutDir: true } });
await build({
  configFile,
  logLevel: 'warn',
  // Self-contained ES modules (.mjs, dependencies bundled) so a build in any folder
  // (DIST_DIR) runs without a node_modules or package.json beside it.
  ssr: { noExternal: true },
  build: {
    ssr: 'rendering/entry-server.tsx',
    outDir: path.join(distDir, 'server'),
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    // Files the server-rendered markup links to (illustrations used only by `.server` modules, which the client build
    // replaces with stubs): emitted here and moved to the client's assets below, under the same hashed names.
    ssrEmitAssets: true,
    rolldownOptions: {
      output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs', codeSplitting: false },
    },
  },
});
const serverAssetsDir = path.join(distDir, 'server', 'assets');
for (const file of fs.existsSync(serverAssetsDir) ? fs.readdirSync(serverAssetsDir) : []) {
  const target = path.join(distDir, 'client', 'assets', file);
  // Stylesheets come from the client build (the manifest links them); the server renderer's copy is not needed.
  if (!file.endsWith('.css') && !fs.existsSync(target)) fs.copyFileSync(path.join(serverAssetsDir, file), target);
}
fs.rmSync(serverAssetsDir, { recursive: true, force: true });

const clientDir = path.join(distDir, 'client');
const prerenderedDir = path.join(distDir, 'prerendered');
fs.rmSync(prerenderedDir, { recursive: true, force: true });
const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
const entry = (await import(pathToFileURL(path.join(distDir, 'server', 'entry-server.mjs')).href)) as {
  render: (url: string) => Promise<RenderResult>;
  prerenderPaths: () => string[];
  bootScript: string;
};

const readAsset = createAssetReader(clientDir);
let count = 0;
for (const url of entry.prerenderPaths()) {
  const result = await entry.render(url);
  if (result.kind !== 'page' || result.status !== 200)
    throw new Error(`Prerender of ${url} gave ${result.kind} ${result.status}`);
  const file = path.join(prerenderedDir, prerenderedFileFor(url));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, buildHtmlDocument(template, manifest, result, readAsset, entry.bootScript));
  count++;
}

// The Node server: our code bundled into one module; packages stay imports resolved from
// node_modules at run time (native addons, pino's worker transports). Migrations are their own
// entries so the migrator finds them as files, as it does under tsx.
// Files the server reads beside its own module (new URL('./x.txt', import.meta.url)) are copied
// next to the bundle under the same name, where that same reference finds them.
const filesBesideModules: Plugin = {
  name: 'files-beside-modules',
  enforce: 'pre',
  transform(code, id) {
    if (!id.startsWith(path.join(root, 'server'))) return null;
    const pattern = /new URL\(\s*['"]\.\/([\w.-]+\.(?:txt|json))['"]\s*,\s*import\.meta\.url\s*\)/g;
    for (const [, file] of code.matchAll(pattern)) {
      this.emitFile({ type: 'asset', fileName: file!, source: fs.readFileSync(path.join(path.dirname(id), file!)) });
    }
    // The reference is unchanged: the bundle sits where the file is copied to.
    return null;
  },
};
const migrationFiles = fs.readdirSync(path.join(root, 'migrations')).filter((file) => /^\d{4}-.+\.ts$/.test(file));
await build({
  configFile: false,
  root,
  logLevel: 'warn',
  publicDir: false,
  plugins: [filesBesideModules],
  ssr: { target: 'node' },
  build: {
    ssr: true,
    ssrEmitAssets: true,
    target: 'node20',
    outDir: path.join(distDir, 'server'),
    emptyOutDir: false,
    copyPublicDir: false,
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      input: {
        index: path.join(root, 'server/index.ts'),
        // Staff commands that must work on a production install too (node dist/server/audit-cli.mjs).
        'audit-cli': path.join(root, 'server/tools/audit-cli.ts'),
        'retention-cli': path.join(root, 'server/tools/retention-cli.ts'),
        'migrate-cli': path.join(root, 'server/db/migrate-cli.ts'),
        ...Object.fromEntries(
          migrationFiles.map((file) => [
            `migrations/${file.replace(/\.ts$/, '')}`,
            path.join(root, 'migrations', file),
          ]),
        ),
      },
      // Shared chunks sit beside the entries: modules that find files relative to themselves
      // (the migrator, the common-password list) then look in dist/server/ wherever they land.
      output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
    },
  },
});

fs.writeFileSync(
  path.join(distDir, 'build-info.json'),
  JSON.stringify({ fingerprint, builtAt: new Date().toISOString() }, null, 2),
);
console.log(
  `Built client, server, server renderer and ${count} prerendered pages in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
