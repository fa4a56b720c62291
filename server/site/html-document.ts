import type { RenderResult } from '../../shared/render-result';

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
export type ViteManifest = Record<string, ManifestChunk>;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every JS and CSS file a manifest entry needs, following its static imports. */
function chunkFiles(manifest: ViteManifest, key: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const visit = (entryKey: string) => {
    if (seen.has(entryKey)) return;
    seen.add(entryKey);
    const chunk = manifest[entryKey];
    if (!chunk) return;
    js.push(chunk.file);
    css.push(...(chunk.css ?? []));
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return { js, css };
}

/** Reads a built asset's text by its path under the client folder (e.g. "assets/index-abc.css"). */
export type AssetReader = (file: string) => string;

/**
 * Fills the built index.html with a rendered page: title, description, the
 * stylesheets inlined (no render-blocking request; their hashes are in the CSP),
 * low-priority preloads of the route's chunks (hydration gets them without a
 * waterfall, but they never compete with the first paint) and the markup.
 */
export function buildHtmlDocument(template: string, manifest: ViteManifest, page: Extract<RenderResult, { kind: 'page' }>, readAsset: AssetReader): string {
  const entryKey = Object.keys(manifest).find((key) => (manifest[key] as { isEntry?: boolean }).isEntry) ?? '';
  const seen = new Set<string>();
  const entry = chunkFiles(manifest, entryKey, seen);
  const styles: string[] = [];
  // The entry's own imports and the route's chunks, fetched in parallel instead of as a waterfall.
  const modules = entry.js.slice(1);
  for (const module of page.pageModules) {
    const { js, css } = chunkFiles(manifest, module, seen);
    styles.push(...css);
    modules.push(...js);
  }
  const preloads = modules.map((file) => `<link rel="modulepreload" fetchpriority="low" href="/${file}">`);
  const head = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}">`,
    ...[...new Set(styles)].map((file) => `<style>${readAsset(file)}</style>`),
    ...new Set(preloads),
  ].join('\n    ');
  return template
    .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g, (_tag, file: string) => `<style>${readAsset(file)}</style>`)
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
    .replace('<!--app-head-->', head)
    .replace('<!--app-html-->', page.html);
}

/** `/` → index.html, `/services/x` → services/x.html: where a prerendered page is stored. */
export const prerenderedFileFor = (pathname: string) => (pathname === '/' ? 'index.html' : `${pathname.replace(/^\//, '')}.html`);
