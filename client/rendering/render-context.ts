import type { FormSubmission, PageData, PortalData } from '../../shared/render-result';
import { createContext, useContext } from 'react';

/**
 * Filled while a page renders on the server (build-time prerender or runtime render):
 * the HTTP status, the page's meta tags and which route modules it used, so the
 * HTML can preload exactly those chunks. Absent in the browser.
 */
export type RenderContext = {
  status: number;
  meta: { title: string; description: string } | null;
  /** The page asks search engines not to keep it (a link page with a token, issue #28.4). */
  noindex?: boolean;
  pageModules: string[];
  /** A plain HTML post being answered with the page again (issue #15), else null. */
  submission: FormSubmission | null;
  /** Control ids by name, from a first render pass, so the error summary can link to each field. */
  fieldIds: Record<string, string>;
  /** A signed-in /dashboard's data (issue #15), else null. */
  portal: PortalData | null;
  /** A page drawn per request with the server's data (issue #28), else null. */
  pageData: PageData | null;
};

export const createRenderContext = (
  submission: FormSubmission | null = null,
  fieldIds: Record<string, string> = {},
  portal: PortalData | null = null,
  pageData: PageData | null = null,
): RenderContext => ({ status: 200, meta: null, pageModules: [], submission, fieldIds, portal, pageData });

export const RenderCtx = createContext<RenderContext | null>(null);

export const useRenderContext = () => useContext(RenderCtx);
