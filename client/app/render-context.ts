import type { FormSubmission } from '../../shared/render-result';
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
  /** A plain HTML post being answered with the page again (issue #15), else null. */
  submission: FormSubmission | null;
  /** Control ids by name, from a first render pass, so the error summary can link to each field. */
  fieldIds: Record<string, string>;
};

export const createRenderContext = (
  submission: FormSubmission | null = null,
  fieldIds: Record<string, string> = {},
): RenderContext => ({ status: 200, meta: null, pageModules: [], submission, fieldIds });

export const RenderCtx = createContext<RenderContext | null>(null);

export const useRenderContext = () => useContext(RenderCtx);
