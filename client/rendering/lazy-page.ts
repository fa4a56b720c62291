import { createElement, use, type ComponentType } from 'react';
import type { PageData, PortalData } from '../../shared/render-result';
import { useRenderContext } from './render-context';

/**
 * What a page receives from the render: a signed-in /dashboard's data while it renders on the server for the session
 * (docs/rendering.md §5), null in the browser, where the page reads the copy embedded in the HTML. Given to the page
 * as a prop, so that pages do not read the render context themselves.
 */
type PageProps = { portal: PortalData | null; pageData: PageData | null };
type PageModule = { default: ComponentType<PageProps> };

// One chunk per page file: Vite splits every entry of this glob into its own chunk.
const pageLoaders = import.meta.glob<PageModule>('../pages/*-page.tsx');

export type LazyPage = ComponentType & { preload: () => Promise<void>; moduleId: string };

/**
 * A route component whose code loads on demand. `preload()` lets the entry point
 * load the current route's chunk before hydrating, so the first render matches the
 * prerendered HTML without a Suspense fallback flashing in.
 */
export function lazyPage(name: string): LazyPage {
  const load = pageLoaders[`../pages/${name}.tsx`];
  if (!load) throw new Error(`No page module named ${name}`);
  let loaded: ComponentType<PageProps> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
    }));
  const moduleId = `pages/${name}.tsx`;

  function Page() {
    const renderContext = useRenderContext();
    if (renderContext && !renderContext.pageModules.includes(moduleId)) renderContext.pageModules.push(moduleId);
    if (!loaded) use(preload());
    return createElement(loaded!, {
      portal: renderContext?.portal ?? null,
      pageData: renderContext?.pageData ?? null,
    });
  }
  Page.displayName = `LazyPage(${name})`;
  return Object.assign(Page, { preload, moduleId });
}
