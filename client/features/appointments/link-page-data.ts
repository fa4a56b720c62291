import type { LinkPageData } from '../../../shared/forms/appointment-links';
import { PAGE_DATA_ID, type PageData } from '../../../shared/render-result';

let embedded: PageData | null | undefined;

/**
 * The link page's data when the server drew this page with it: the render's on the server, the copy embedded in the
 * HTML in the browser; null otherwise (then the link is treated as used). Not
 * client/features/booking/booking-page-data.ts's
 * pageDataFor: sharing it made a chunk of its own that the booking page's JS budget has no room for.
 */
export function linkPageData(pageData: PageData | null, page: string): LinkPageData | null {
  if (!pageData && embedded === undefined) {
    const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID);
    embedded = element?.textContent ? (JSON.parse(element.textContent) as PageData) : null;
  }
  const data = pageData ?? embedded ?? null;
  return data?.page === page ? (data.data as LinkPageData) : null;
}
