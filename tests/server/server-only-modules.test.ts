/**
 * The `.server` module convention (docs/rendering.md §3, ADR 0025): the stub the browser's build gets for a
 * `*.server.ts(x)` module, and, on the production build, that no content from those modules reaches the client's
 * JavaScript.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blogPosts } from '../../client/content/blog-posts';
import { faqItems } from '../../client/content/faq';
import { legalPages } from '../../client/content/legal-pages';
import { patientServices } from '../../client/content/services-catalogue';
import { siteDisclaimer } from '../../client/content/site-disclaimer';
import { distDir } from '../../server/site/load-site-build';
import { exportNames, serverModuleStub } from '../../server/tools/server-only-modules.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** The longest string anywhere in a content value. */
const longestText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object'
      ? Object.values(value)
          .map(longestText)
          .reduce((a, b) => (b.length > a.length ? b : a), '')
      : '';

describe('the browser stub of a .server module', () => {
  it('exports the same value names as undefined, leaving out types', () => {
    const source = [
      '/** export function Commented() {} */',
      'export function Content() { return null; }',
      'export const load = () => 1, other = 2;',
      'export class Thing {}',
      'export type Props = { a: string };',
      'export interface Shape { b: number }',
      "export { LiveForm, Other as Renamed, type Kind } from './live-form';",
      'export type { Hidden } from "./x";',
      'export default function Page() { return null; }',
    ].join('\n');
    expect(exportNames(source).sort()).toEqual(['Content', 'LiveForm', 'Renamed', 'Thing', 'default', 'load']);
    const stub = serverModuleStub(['Content', 'default']);
    expect(stub).toContain('export const Content = undefined;');
    expect(stub).toContain('export default serverOnly;');
    expect(stub).not.toMatch(/import\s/);
  });

  it('refuses `export *` (its names cannot be read from the source)', () => {
    expect(() => exportNames("export * from './content';")).toThrow(/export \*/);
  });

  it('reads every .server module in client/ and shared/', () => {
    const modules = ['client', 'shared'].flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.server\.tsx?$/.test(file))
        .map((file) => path.join(dir, file)),
    );
    expect(modules.length).toBeGreaterThan(10);
    for (const file of modules) {
      expect(exportNames(fs.readFileSync(path.join(root, file), 'utf8')).length, file).toBeGreaterThan(0);
    }
  });
});

describe('the production client bundle', () => {
  const assetsDir = path.join(distDir, 'client', 'assets');
  const clientJs = fs
    .readdirSync(assetsDir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => fs.readFileSync(path.join(assetsDir, file), 'utf8'))
    .join('\n');
  const manifest = fs.readFileSync(path.join(distDir, 'client', '.vite', 'manifest.json'), 'utf8');
  const paragraph = blogPosts[0]!.body.find((block) => block.kind === 'paragraph');
  const markers: [string, string][] = [
    ['a blog post paragraph', paragraph && 'text' in paragraph ? paragraph.text : ''],
    ['a service description', patientServices[0]!.description],
    ['an FAQ answer', faqItems[0]!.answer],
    ['the footer disclaimer', siteDisclaimer.slice(0, 60)],
    ['a legal page paragraph', longestText(legalPages['privacy-policy'])],
  ];

  it.each(markers)('holds no text of %s', (_what, marker) => {
    expect(marker.length).toBeGreaterThan(15);
    // Minified strings keep their text; quotes and escapes may differ, so the first words are enough.
    expect(clientJs).not.toContain(marker.slice(0, 40));
  });

  it('has no chunk made from a .server module', () => {
    expect(manifest).not.toMatch(/\.server\.tsx?"/);
    expect(fs.readdirSync(assetsDir).filter((file) => file.includes('.server'))).toEqual([]);
  });
});
