// Plain JavaScript (with types in server-only-modules.d.mts): vite.config.ts imports it, and Vite's config loader
// asks for a file extension that TypeScript's settings here do not accept for a .ts file.
/**
 * The `.server` module convention (docs/rendering.md §3, ADR 0025): a module named `*.server.ts` or `*.server.tsx`
 * is server-only. In the browser's build (and the dev server's browser modules) it is replaced by a stub with the
 * same export names, each `undefined`, so the module and everything it imports never reach the client bundle. The
 * server renderer (SSR) and the tests get the real module. A browser module may import a `.server` module only to
 * hand its values to the server side of `ServerContent` / `Island`, which ignore them in the browser.
 */
import fs from 'node:fs';

export const SERVER_MODULE = /\.server\.tsx?$/;

/** The names a module exports, read from its source (type-only exports left out). */
export function exportNames(source) {
  const names = new Set();
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  for (const [, name] of code.matchAll(
    /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|enum)\s+([A-Za-z_$][\w$]*)/gm,
  ))
    names.add(name);
  if (/^export\s+default\b/m.test(code)) names.add('default');
  for (const [, list] of code.matchAll(/^export\s+(?!type\b)\{([^}]*)\}/gm)) {
    for (const item of list.split(',')) {
      const part = item.trim();
      if (!part || part.startsWith('type ')) continue;
      names.add(
        part
          .split(/\s+as\s+/)
          .pop()
          .trim(),
      );
    }
  }
  if (/^export\s+\*/m.test(code)) throw new Error('`export *` is not supported in a .server module: name the exports');
  return [...names];
}

/**
 * The browser's stand-in: every export is `undefined`. Constants, so the bundler inlines them and drops the stub
 * module too (no chunk, no request); `<Content />` in the browser is then an element nobody renders.
 */
export function serverModuleStub(names) {
  return [
    '// Server-only module (*.server.ts[x]): replaced in the browser build, see server/tools/server-only-modules.mjs.',
    ...names.filter((name) => name !== 'default').map((name) => `export const ${name} = undefined;`),
    ...(names.includes('default') ? ['const serverOnly = undefined;', 'export default serverOnly;'] : []),
    names.length ? '' : 'export {};',
  ].join('\n');
}

/** @returns {import('vite').Plugin} */
export function serverOnlyModules() {
  return {
    name: 'server-only-modules',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0];
      if (!SERVER_MODULE.test(file) || this.environment.config.consumer !== 'client') return null;
      return { code: serverModuleStub(exportNames(fs.readFileSync(file, 'utf8'))), map: null };
    },
  };
}
