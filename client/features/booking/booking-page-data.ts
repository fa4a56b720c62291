import type { PageData } from '../../../shared/render-result';

/**
 * PAGE_DATA_ID of shared/render-result.ts, written out: importing it would give these few bytes a chunk of their own
 * on the booking page, whose JS budget has no room for it (tests/client/booking/booking-page-data.test.ts pins the
 * two).
 */
export const EMBEDDED_PAGE_DATA_ID = 'page-data';

let embedded: PageData | null | undefined;

/**
 * The data a page drawn per request was drawn with (issue #28): the render's on the server, the copy embedded in the
 * HTML in the browser (read once). Null when it is another page's. Pages that use it import it, so the shell that
 * every page loads does not carry it.
 */
export function pageDataFor<T>(fromRender: PageData | null, page: string): T | null {
  if (!fromRender && embedded === undefined) {
    const element = typeof document === 'undefined' ? null : document.getElementById(EMBEDDED_PAGE_DATA_ID);
    embedded = element?.textContent ? (JSON.parse(element.textContent) as PageData) : null;
  }
  const data = fromRender ?? embedded ?? null;
  return data?.page === page ? (data.data as T) : null;
}
