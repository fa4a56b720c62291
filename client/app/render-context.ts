import { createContext, useContext } from 'react';

/**
 * Filled while a page renders on the server (build-time prerender or runtime render):
 * the HTTP status, the page's meta tags and which route modules it used, so the
 * HTML can preload exactly those chunks. Absent in the browser.
 */
export type RenderContext = {
  status: number;
  meta: { title: string; description: string } | null;
  pageModules: string[];
};

export const createRenderContext = (): RenderContext => ({ status: 200, meta: null, pageModules: [] });

export const RenderCtx = createContext<RenderContext | null>(null);

export const useRenderContext = () => useContext(RenderCtx);
