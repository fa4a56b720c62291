import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ViteManifest } from '../site/html-document';

export const BUDGET_GZIP_BYTES = { js: 80 * 1024, css: 20 * 1024, html: 14 * 1024 } as const;

export type RouteSize = { route: string; html: number; css: number; js: number; jsFiles: number };

const gzipSize = (buffer: Buffer) => zlib.gzipSync(buffer, { level: 9 }).length;

/**
 * For every prerendered page: gzip bytes of its HTML, of the CSS it links and of
 * all JavaScript the browser loads before any interaction (the modules the boot script
 * starts and everything they import statically).
 */
export function measureRoutes(distDir: string): RouteSize[] {
  const clientDir = path.join(distDir, 'client');
  const prerenderedDir = path.join(distDir, 'prerendered');
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

  const files = fs
    .readdirSync(prerenderedDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'));
  return files
    .map((file) => {
      const html = fs.readFileSync(path.join(prerenderedDir, file));
      const text = html.toString('utf8');
      // The boot script (client/rendering/boot-script.ts) loads the modules listed in its data-modules.
      const scripts = [...text.matchAll(/<script[^>]+data-modules="([^"]+)"/g)].flatMap((match) =>
        match[1]!.split(' ').map((file) => file.replace(/^\//, '')),
      );
      // A disabled link only marks a stylesheet that is inlined (html-document.ts): never fetched.
      const styles = [...text.matchAll(/<link rel="stylesheet"([^>]*)href="\/([^"]+)"/g)]
        .filter((match) => !match[1]!.includes('disabled'))
        .map((match) => match[2]!);
      const js = new Set<string>();
      const visit = (jsFile: string) => {
        if (js.has(jsFile)) return;
        js.add(jsFile);
        for (const importKey of byFile.get(jsFile)?.imports ?? []) {
          const imported = manifest[importKey];
          if (imported) visit(imported.file);
        }
      };
      scripts.forEach(visit);
      const sum = (list: Iterable<string>) =>
        [...list].reduce((total, asset) => total + gzipSize(fs.readFileSync(path.join(clientDir, asset))), 0);
      // Stylesheets are inlined into the page (see html-document.ts); count them as CSS too.
      const inlineCss = [...text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!).join('');
      const route = `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`;
      return {
        route,
        html: gzipSize(html),
        css: sum(new Set(styles)) + (inlineCss ? gzipSize(Buffer.from(inlineCss)) : 0),
        js: sum(js),
        jsFiles: js.size,
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}
