import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prerenderPaths } from '../../../client/app/prerender-paths.server';
import { findRoute, redirects, routeTable } from '../../../client/app/routes';
import { prerenderedFileFor } from '../../../server/site/html-document';
import { distDir } from '../../../server/site/load-site-build';
import { footerBottomLinks, footerColumns } from '../../../client/layout/footer-links';
import { headerLinks, signUpLink } from '../../../client/layout/nav-links';

// Every content module, so a link added to any of them is checked without editing this test.
const contentModules = import.meta.glob<Record<string, unknown>>('../../../client/content/*.ts', { eager: true });

type Link = { source: string; href: string };

/** Internal links inside a value: strings that are a site path, and href="/..." inside HTML strings. */
function collectLinks(value: unknown, source: string, into: Link[], seen = new Set<unknown>()): Link[] {
  if (typeof value === 'string') {
    if (/^\/(?!\/)\S*$/.test(value)) into.push({ source, href: value });
    for (const match of value.matchAll(/href="(\/(?!\/)[^"]*)"/g)) into.push({ source, href: match[1]! });
  } else if (value && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    for (const [key, child] of Object.entries(value)) collectLinks(child, `${source}.${key}`, into, seen);
  }
  return into;
}

const navLinks: Link[] = [
  ...headerLinks.map((link) => ({ source: `header: ${link.label}`, href: link.href })),
  { source: `header: ${signUpLink.label}`, href: signUpLink.href },
  ...footerColumns.flatMap((column) =>
    column.links.map((link) => ({ source: `footer ${column.heading}: ${link.label}`, href: link.href })),
  ),
  ...footerBottomLinks.map((link) => ({ source: `footer bottom: ${link.label}`, href: link.href })),
];

const contentLinks: Link[] = Object.entries(contentModules).flatMap(([file, module]) =>
  collectLinks(module, path.basename(file, '.ts'), []),
);

const allLinks = [...navLinks, ...contentLinks];
const prerendered = new Set(prerenderPaths());
const pathOf = (href: string) => href.split(/[?#]/)[0] || '/';

describe('internal links resolve to declared routes', () => {
  it('finds the links to check (header, footer and content)', () => {
    expect(navLinks.length).toBeGreaterThanOrEqual(25);
    expect(contentLinks.length).toBeGreaterThanOrEqual(40);
  });

  it.each(allLinks.map((link) => [link.source, link.href] as const))('%s → %s', (_source, href) => {
    const target = pathOf(href);
    const route = findRoute(target);
    expect(route, `no route declared for ${target}`).toBeDefined();
    // A slug route matches anything: the slug must be one the site knows (it is prerendered),
    // unless the route is a session-only page that is never prerendered.
    if (route!.path.includes(':') && route!.prerender !== false) {
      expect(prerendered.has(target), `${target} is not a known slug of ${route!.path}`).toBe(true);
    }
  });

  it('declares no route twice and no redirect that is also a route', () => {
    const declared = routeTable.map((route) => route.path);
    expect(new Set(declared).size).toBe(declared.length);
    for (const redirect of redirects) {
      expect(findRoute(redirect.to), `redirect target ${redirect.to}`).toBeDefined();
      expect(prerendered.has(redirect.from)).toBe(false);
    }
  });

  it('rejects a link to an unknown slug (self-check)', () => {
    const route = findRoute('/services/not-a-service');
    expect(route?.path).toBe('/services/:slug');
    expect(prerendered.has('/services/not-a-service')).toBe(false);
  });
});

describe('#anchors exist on the target page (prerendered HTML)', () => {
  const anchored = allLinks.filter((link) => link.href.includes('#'));
  const prerenderedDir = path.join(distDir, 'prerendered');

  it('has anchored links to check', () => {
    expect(anchored.map((link) => link.href)).toEqual(
      expect.arrayContaining([
        '/about#mission',
        '/resources#careers',
        '/resources#news',
        '/resources#gallery',
        '/contact#faq',
      ]),
    );
  });

  it.each(anchored.map((link) => [link.source, link.href] as const))('%s → %s', (_source, href) => {
    const [target, anchor] = [pathOf(href), href.split('#')[1]!];
    const file = path.join(prerenderedDir, prerenderedFileFor(target));
    expect(fs.existsSync(file), `${file} (run npm run build first)`).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toContain(`id="${anchor}"`);
  });
});
