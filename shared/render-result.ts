/** What the client's server entry returns for one URL; read by the build's prerender step and the server. */
export type RenderResult =
  | { kind: 'redirect'; location: string; status: 301 }
  | {
      kind: 'page';
      status: number;
      html: string;
      title: string;
      description: string;
      /** `<meta name="robots" content="noindex">`: a page no search engine should keep (issue #28.4). */
      noindex?: boolean;
      /** Vite manifest keys of the route modules the page used, to preload their chunks. */
      pageModules: string[];
      /** Data the page was drawn with, for hydration to draw the same (the portal's, on /dashboard). */
      portal?: PortalData;
      /** Per-request data of a public page (issue #28: the free times), for hydration to draw the same. */
      pageData?: PageData;
    };

/**
 * A form sent as a plain HTML post that the server could not store (issue #15): the page is rendered again with the
 * visitor's values (passwords never), each field's message and, for the whole form, a message such as the rate limit.
 */
export type FormSubmission = {
  /** The form's name (its island id). */
  form: string;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  message: string | null;
  /**
   * 'failed': the server had no message (the form shows its own failure text, as its toast would); 'conflict': a
   * duplicate (the form shows its own conflict text when it has one, e.g. the newsletter's 'Already Subscribed').
   */
  outcome?: 'failed' | 'conflict';
};

/**
 * A signed-in /dashboard rendered on the server (issue #15): the answers of the procedures the page reads (auth.me,
 * patient.requests), as the tRPC client would receive them. Typed by the client, which owns the query keys.
 */
export type PortalData = { me: unknown; requests: unknown; messageConsents: unknown };

/** The element that carries PortalData in the page, as JSON, for hydration. */
export const PORTAL_DATA_ID = 'portal-data';

/**
 * What a page drawn per request reads from the server (issue #28): the free times on /services/book-appointment, the
 * booking a link names on /appointments/*. The server fetches it with the page's procedures; the page types it.
 */
export type PageData = { page: string; data: unknown };

/** The element that carries PageData in the page, as JSON, for hydration. */
export const PAGE_DATA_ID = 'page-data';

export type RenderOptions = { submission?: FormSubmission; portal?: PortalData; pageData?: PageData };

export type PageRenderer = {
  render: (url: string, options?: RenderOptions) => Promise<RenderResult>;
  /** The page's one inline script (client/rendering/boot-script.ts), the same text on every page. */
  bootScript: string;
};
