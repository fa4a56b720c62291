import type { LinkPageData } from '../../../shared/forms/appointment-links';
import type { PageData } from '../../../shared/render-result';
import { pageDataFor } from '../../rendering/page-data';

/** The link page's data when the server drew this page with it; null otherwise (then the link is treated as used). */
export const linkPageData = (pageData: PageData | null, page: string): LinkPageData | null =>
  pageDataFor<LinkPageData>(pageData, page);
