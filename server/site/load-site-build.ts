import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '../../shared/render-result';
import { envSetting } from '../env';
import type { SiteBuild } from './site-handler';
import { scriptHash } from './html-document';
import { inlineStyleHashes } from './site-assets';

/** DIST_DIR lets parallel builds (tests, benchmarks) use their own folder; default ./dist (from the working folder). */
export const distDir = path.resolve(envSetting('DIST_DIR'));

const buildPaths = (root: string) => ({
  clientDir: path.join(root, 'client'),
  serverEntry: path.join(root, 'server', 'entry-server.mjs'),
});

/** Whether `root` holds a production build (the client and the server renderer). */
export function hasSiteBuild(root = distDir): boolean {
  const { clientDir, serverEntry } = buildPaths(root);
  return fs.existsSync(path.join(clientDir, 'index.html')) && fs.existsSync(serverEntry);
}

/** Loads the production build from dist/, or returns null when there is none. */
export async function loadSiteBuild(root = distDir): Promise<SiteBuild | null> {
  if (!hasSiteBuild(root)) return null;
  const { clientDir, serverEntry } = buildPaths(root);
  const renderer = (await import(pathToFileURL(serverEntry).href)) as PageRenderer;
  return {
    clientDir,
    prerenderedDir: path.join(root, 'prerendered'),
    renderer,
    styleHashes: inlineStyleHashes(clientDir),
    scriptHashes: [scriptHash(renderer.bootScript)],
  };
}
