import { renderToString } from 'react-dom/server';
import { App } from '../app/app';
import { RenderCtx, createRenderContext, type RenderContext } from './render-context';
import { prerenderPaths } from '../app/prerender-paths.server';
import { pageForPath, redirects } from '../app/routes';
import { defaultMeta } from '../content/home-content';
import type { RenderOptions, RenderResult } from '../../shared/render-result';

/** Renders one URL (path plus optional query) to HTML; used by the prerender step and the server. */
export async function render(url: string, options: RenderOptions = {}): Promise<RenderResult> {
  const pathname = new URL(url, 'http://localhost').pathname;
  const redirect = redirects.find((entry) => entry.from === pathname);
  if (redirect) return { kind: 'redirect', location: redirect.to, status: 301 };

  await pageForPath(pathname).preload();
  const renderWith = (context: RenderContext) =>
    renderToString(
      <RenderCtx value={context}>
        <App ssrPath={url} />
      </RenderCtx>,
    );
  let context = createRenderContext(options.submission ?? null, {}, options.portal ?? null, options.pageData ?? null);
  let html = renderWith(context);
  // A form answered with errors: the summary (above the fields) links to each field, whose ids the first pass shows.
  if (options.submission) {
    context = createRenderContext(
      options.submission,
      controlIdsByName(html, options.submission.form),
      options.portal ?? null,
      options.pageData ?? null,
    );
    html = renderWith(context);
  }
  const meta = context.meta ?? defaultMeta;
  return {
    kind: 'page',
    status: context.status,
    html,
    title: meta.title,
    description: meta.description,
    pageModules: context.pageModules,
    ...(context.noindex ? { noindex: true } : {}),
    ...(options.portal ? { portal: options.portal } : {}),
    ...(options.pageData ? { pageData: options.pageData } : {}),
  };
}

/**
 * The id of each named form control in rendered HTML, the submitted form's island first: two forms on one page may
 * share field names (the booking form and the request form below it, issue #28.2).
 */
function controlIdsByName(html: string, form: string): Record<string, string> {
  const ids: Record<string, string> = {};
  const island = html.indexOf(`data-island="${form}"`);
  const ordered = island < 0 ? html : html.slice(island) + html.slice(0, island);
  for (const [tag] of ordered.matchAll(/<(?:input|select|textarea)\b[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(tag)?.[1];
    const id = /\sid="([^"]*)"/.exec(tag)?.[1];
    if (name && id && !(name in ids)) ids[name] = id;
  }
  return ids;
}

export { prerenderPaths };
// The page's inline script travels with the renderer: the server takes it (and its CSP hash) from the built module.
export { BOOT_SCRIPT as bootScript } from './boot-script';
