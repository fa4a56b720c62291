import { useEffect } from 'react';
import { useRenderContext } from '../rendering/render-context';

type PageMetaProps = { title: string; description: string; noindex?: boolean };

/** Sets the document title and meta description: into the HTML on the server, live in the browser. */
export function PageMeta({ title, description, noindex }: PageMetaProps) {
  const renderContext = useRenderContext();
  // eslint-disable-next-line react-hooks/immutability -- the server render's per-request sink; read after rendering
  if (renderContext) renderContext.meta = { title, description, ...(noindex ? { noindex } : {}) };

  useEffect(() => {
    document.title = title;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
    // `noindex` (issue #28.4) matters in the server's HTML only: crawlers read that, and a link page is opened whole.
  }, [title, description]);

  return null;
}

/** The HTTP status the server answers a page drawn per request with (a used link: 404; issue #28.4). */
export function PageStatus({ status }: { status: number }) {
  const renderContext = useRenderContext();
  // eslint-disable-next-line react-hooks/immutability -- the server render's per-request sink; read after rendering
  if (renderContext) renderContext.status = status;
  return null;
}

/** Marks the page as "not found" so the server answers with HTTP 404. */
export const NotFoundStatus = () => PageStatus({ status: 404 });
