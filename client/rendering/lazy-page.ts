import { createElement, use, type ComponentType } from 'react';
import { useRenderContext } from './render-context';

type PageModule = { default: ComponentType };

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
  let loaded: ComponentType | undefined;
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
    return createElement(loaded!);
  }
  Page.displayName = `LazyPage(${name})`;
  return Object.assign(Page, { preload, moduleId });
}
