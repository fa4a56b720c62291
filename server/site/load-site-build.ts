import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '../../shared/render-result';
import type { SiteBuild } from './site-handler';
import { inlineStyleHashes } from './site-assets';

/** DIST_DIR lets parallel builds (tests, benchmarks) use their own folder; default ./dist. */
export const distDir = path.resolve(process.env.DIST_DIR ?? path.resolve(import.meta.dirname, '../../dist'));

/** Loads the production build from dist/, or returns null when there is none. */
export async function loadSiteBuild(root = distDir): Promise<SiteBuild | null> {
  const clientDir = path.join(root, 'client');
  const serverEntry = path.join(root, 'server', 'entry-server.mjs');
  if (!fs.existsSync(path.join(clientDir, 'index.html')) || !fs.existsSync(serverEntry)) return null;
  const renderer = (await import(pathToFileURL(serverEntry).href)) as PageRenderer;
  return { clientDir, prerenderedDir: path.join(root, 'prerendered'), renderer, styleHashes: inlineStyleHashes(clientDir) };
}
