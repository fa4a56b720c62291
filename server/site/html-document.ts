import crypto from 'node:crypto';
import { PAGE_DATA_ID, PORTAL_DATA_ID, type RenderResult } from '../../shared/render-result';

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
 * The CSP source expression that allows the boot script and no other inline script. The script's text comes from the
 * server renderer (client/rendering/boot-script.ts, loaded by path), so the server never imports client code.
 */
export const scriptHash = (script: string) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;

/**
 * Fills the built index.html with a rendered page: title, description, the
 * stylesheets inlined (no render-blocking request; their hashes are in the CSP),
 * the boot script with the route's modules, and the markup.
 */
export function buildHtmlDocument(
  template: string,
  manifest: ViteManifest,
  page: Extract<RenderResult, { kind: 'page' }>,
  readAsset: AssetReader,
  bootScript: string,
): string {
  const entryKey = Object.keys(manifest).find((key) => (manifest[key] as { isEntry?: boolean }).isEntry) ?? '';
  const seen = new Set<string>();
  const entry = chunkFiles(manifest, entryKey, seen);
  const styles: string[] = [];
  const modules = [...entry.js];
  for (const module of page.pageModules) {
    const { js, css } = chunkFiles(manifest, module, seen);
    styles.push(...css);
    modules.push(...js);
  }
  // Data, not code (the CSP's script hashes do not apply); `<` escaped so no text can close the element.
  const portal = page.portal
    ? `<script type="application/json" id="${PORTAL_DATA_ID}">${JSON.stringify(page.portal).replace(/</g, '\\u003c')}</script>`
    : '';
  const pageData = page.pageData
    ? `<script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(page.pageData).replace(/</g, '\\u003c')}</script>`
    : '';
  const boot = `${portal}${pageData}<script data-modules="${escapeHtml([...new Set(modules)].map((file) => `/${file}`).join(' '))}">${bootScript}</script>`;
  const head = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}">`,
    ...(page.noindex ? ['<meta name="robots" content="noindex">'] : []),
    ...[...new Set(styles)].flatMap((file) => [
      `<style>${readAsset(file)}</style>`,
      // Marks the stylesheet as present, so the chunk loader does not add it again after
      // hydration (a second copy later in the cascade moves the layout). Disabled: never fetched.
      `<link rel="stylesheet" disabled href="/${file}">`,
    ]),
  ].join('\n    ');
  return template
    .replace(
      /<link rel="stylesheet" crossorigin href="\/([^"]+)">/g,
      (_tag, file: string) => `<style>${readAsset(file)}</style>`,
    )
    .replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, () => boot)
    .replace('<!--app-head-->', head)
    .replace('<!--app-html-->', page.html);
}

/** `/` → index.html, `/services/x` → services/x.html: where a prerendered page is stored. */
export const prerenderedFileFor = (pathname: string) =>
  pathname === '/' ? 'index.html' : `${pathname.replace(/^\//, '')}.html`;
