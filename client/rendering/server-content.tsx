import { use, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';

type ServerContentProps = {
  /** Unique on the page; the same id finds the markup in the HTML the server sent. */
  id: string;
  /**
   * The content, rendered only on the server. Take it from a `*.server.tsx` module
   * (`<Article />`): the browser's build replaces that module with a stub, so the
   * content ships as HTML only, never as JavaScript too (docs/rendering.md §3).
   * Ignored in the browser.
   */
  children: ReactNode;
  className?: string;
  /** Layout content that is the same on every page (the footer): never refetched on navigation. */
  sameOnEveryPage?: boolean;
};

type ServerMarkup = { html: string; title: string; description: string };

/**
 * Bounded caches (issue #15): a long visit on a cheap phone must not keep every page it has seen. Blocks are small
 * strings; parsed pages are large, and only needed until their blocks are taken out.
 */
export const SERVER_CONTENT_CACHE_LIMITS = { pages: 4, blocks: 48 } as const;
const pages = new Map<string, Promise<Document | null>>();
const blocks = new Map<string, Promise<ServerMarkup>>();

/** Stores as the newest entry and drops the oldest beyond the limit (a Map keeps insertion order). */
function remember<V>(cache: Map<string, V>, key: string, value: V, limit: number) {
  cache.delete(key);
  cache.set(key, value);
  while (cache.size > limit) cache.delete(cache.keys().next().value!);
}

/** For tests: how many pages and blocks are cached. */
export const serverContentCacheSizes = () => ({ pages: pages.size, blocks: blocks.size });

/** One request per URL, however many server blocks the page has. */
function fetchPage(url: string): Promise<Document | null> {
  let page = pages.get(url);
  if (!page) {
    page = fetch(url, { headers: { accept: 'text/html' }, credentials: 'same-origin' })
      .then(async (response) => new DOMParser().parseFromString(await response.text(), 'text/html'))
      .catch(() => {
        pages.delete(url);
        return null;
      });
    remember(pages, url, page, SERVER_CONTENT_CACHE_LIMITS.pages);
  }
  return page;
}

/** After client-side navigation, the markup comes from the page's own prerendered HTML. */
export function fetchServerMarkup(url: string, id: string): Promise<ServerMarkup> {
  const key = `${url}#${id}`;
  let block = blocks.get(key);
  if (!block) {
    block = fetchPage(url).then((doc) => {
      if (!doc) {
        blocks.delete(key);
        return {
          html: '<p>This page could not be loaded. Please check your connection and reload the page.</p>',
          title: '',
          description: '',
        };
      }
      const html = doc.querySelector(`[data-server-content="${CSS.escape(id)}"]`)?.innerHTML ?? '';
      return {
        html,
        title: doc.title,
        description: doc.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      };
    });
    remember(blocks, key, block, SERVER_CONTENT_CACHE_LIMITS.blocks);
  }
  return block;
}

function applyMeta({ title, description }: ServerMarkup) {
  if (title) document.title = title;
  if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
}

/**
 * Static content that is rendered to HTML on the server and never shipped as
 * JavaScript. Hydration reuses the markup already in the page; a client-side
 * navigation fetches the page's HTML and takes the same block from it. Internal
 * links inside still navigate without a full reload.
 */
export function ServerContent({ id, children, className, sameOnEveryPage = false }: ServerContentProps) {
  const [pathname, navigate] = useLocation();
  const url = import.meta.env.SSR ? '' : pathname + window.location.search;
  // Read once, before hydration touches the DOM: the markup the server sent for this URL.
  const [initial] = useState(() =>
    import.meta.env.SSR
      ? null
      : { url, html: document.querySelector(`[data-server-content="${CSS.escape(id)}"]`)?.innerHTML ?? null },
  );

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    if (
      !anchor ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const href = anchor.getAttribute('href') ?? '';
    if (!href.startsWith('/') || href.startsWith('//') || anchor.target) return;
    const [targetPath, hash] = href.split('#');
    if (hash !== undefined && (targetPath === '' || targetPath === window.location.pathname)) return;
    event.preventDefault();
    navigate(href);
  };

  if (import.meta.env.SSR) {
    return (
      <div data-server-content={id} className={className}>
        {children}
      </div>
    );
  }
  const fromPage = initial && (sameOnEveryPage || initial.url === url) ? initial.html : null;
  return fromPage !== null ? (
    // Delegation only: clicks on the markup's own links (keyboard-operable as links) become client-side navigation.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      data-server-content={id}
      className={className}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: fromPage }}
    />
  ) : (
    <FetchedContent id={id} url={url} className={className} onClick={onClick} />
  );
}

type FetchedContentProps = {
  id: string;
  url: string;
  className?: string;
  onClick: (event: MouseEvent<HTMLDivElement>) => void;
};

function FetchedContent({ id, url, className, onClick }: FetchedContentProps) {
  const markup = use(fetchServerMarkup(url, id));
  useEffect(() => applyMeta(markup), [markup]);
  return (
    // Delegation only, as above: the markup's links handle the keyboard themselves.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      data-server-content={id}
      className={className}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: markup.html }}
    />
  );
}
