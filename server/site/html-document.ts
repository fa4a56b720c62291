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

/**
 * Fills the built index.html with a rendered page: title, description, preload
 * links for the route's own chunks (so hydration does not wait on a waterfall) and
 * the markup.
 */
export function buildHtmlDocument(template: string, manifest: ViteManifest, page: Extract<RenderResult, { kind: 'page' }>): string {
  const entryKey = Object.keys(manifest).find((key) => (manifest[key] as { isEntry?: boolean }).isEntry) ?? '';
  const alreadyLoaded = new Set<string>();
  chunkFiles(manifest, entryKey, alreadyLoaded);
  const preloads = page.pageModules.flatMap((module) => {
    const { js, css } = chunkFiles(manifest, module, new Set(alreadyLoaded));
    return [
      ...css.map((file) => `<link rel="stylesheet" href="/${file}">`),
      ...js.map((file) => `<link rel="modulepreload" href="/${file}">`),
    ];
  });
  const head = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}">`,
    ...new Set(preloads),
  ].join('\n    ');
  return template.replace('<!--app-head-->', head).replace('<!--app-html-->', page.html);
}

/** `/` → index.html, `/services/x` → services/x.html: where a prerendered page is stored. */
export const prerenderedFileFor = (pathname: string) => (pathname === '/' ? 'index.html' : `${pathname.replace(/^\//, '')}.html`);
