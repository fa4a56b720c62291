import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { serverOnlyModules } from './server/tools/server-only-modules.mjs';

const root = fileURLToPath(new URL('./client', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));

export default defineConfig({
  root,
  publicDir: 'public',
  // serverOnlyModules: *.server.ts(x) modules are stubbed in the browser's build (docs/rendering.md §3).
  plugins: [serverOnlyModules(), react()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: fileURLToPath(new URL('./client/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true,
    // SVG illustrations stay files so they are cached once and lazy-loaded.
    assetsInlineLimit: 0,
    target: 'es2022',
    // No per-import dependency lists in the entry: page chunks are preloaded by the
    // server-rendered HTML, and client-side navigation loads the few shared chunks on demand.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Few requests on slow networks: the framework in one chunk, the shared app shell in
        // another; each page stays its own chunk.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam)[\\/]/,
              priority: 2,
            },
            {
              name: 'shell',
              test: /client[/](app[/](app|routes|paths|render-context)|layout[/][a-z-]+|lib[/](lazy-page|use-sync-external-store)|components[/](app-link|icon|server-content|current-date|toast[/][a-z-]+)|features[/]chat[/]chat-launcher)\.tsx?$|shared[/](brand|constants)\.ts$|icons\.svg/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    // CI asks for a JSON report to total the results in one line.
    reporters: process.env.VITEST_JSON_REPORT ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON_REPORT ? { json: process.env.VITEST_JSON_REPORT } : undefined,
    root: fileURLToPath(new URL('.', import.meta.url)),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/browser/**', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['tests/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/browser-global-setup.ts'],
          setupFiles: ['tests/setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
