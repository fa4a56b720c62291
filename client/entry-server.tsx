import { renderToString } from 'react-dom/server';
import { App } from './app/app';
import { RenderCtx, createRenderContext } from './app/render-context';
import { pageForPath, prerenderPaths, redirects } from './app/routes';
import { defaultMeta } from './content/home-content';
import type { RenderResult } from '../shared/render-result';

/** Renders one URL (path plus optional query) to HTML; used by the prerender step and the server. */
export async function render(url: string): Promise<RenderResult> {
  const pathname = new URL(url, 'http://localhost').pathname;
  const redirect = redirects.find((entry) => entry.from === pathname);
  if (redirect) return { kind: 'redirect', location: redirect.to, status: 301 };

  await pageForPath(pathname).preload();
  const context = createRenderContext();
  const html = renderToString(
    <RenderCtx value={context}>
      <App ssrPath={url} />
    </RenderCtx>,
  );
  const meta = context.meta ?? defaultMeta;
  return {
    kind: 'page',
    status: context.status,
    html,
    title: meta.title,
    description: meta.description,
    pageModules: context.pageModules,
  };
}

export { prerenderPaths };
