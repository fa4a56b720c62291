import { useEffect } from 'react';
import { useRenderContext } from '../rendering/render-context';

type PageMetaProps = { title: string; description: string };

/** Sets the document title and meta description: into the HTML on the server, live in the browser. */
export function PageMeta({ title, description }: PageMetaProps) {
  const renderContext = useRenderContext();
  // eslint-disable-next-line react-hooks/immutability -- the server render's per-request sink; read after rendering
  if (renderContext) renderContext.meta = { title, description };

  useEffect(() => {
    document.title = title;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [title, description]);

  return null;
}

/** Marks the page as "not found" so the server answers with HTTP 404. */
export function NotFoundStatus() {
  const renderContext = useRenderContext();
  // eslint-disable-next-line react-hooks/immutability -- the server render's per-request sink; read after rendering
  if (renderContext) renderContext.status = 404;
  return null;
}
