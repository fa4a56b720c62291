import { useRenderContext } from '../rendering/render-context';

/**
 * For the server's answer to a page drawn per request (a booking's link page, issue #28.4): its HTTP status (a used
 * link: 404) and `noindex` (search engines must not keep a page reached with a token). Its own module, beside
 * page-meta.tsx: only the pages that use it load it.
 */
export function PageStatus({ status, noindex = false }: { status: number; noindex?: boolean }) {
  const renderContext = useRenderContext();
  if (renderContext) Object.assign(renderContext, { status, noindex });
  return null;
}
