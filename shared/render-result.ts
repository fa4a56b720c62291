/** What the client's server entry returns for one URL; read by the build's prerender step and the server. */
export type RenderResult =
  | { kind: 'redirect'; location: string; status: 301 }
  | {
      kind: 'page';
      status: number;
      html: string;
      title: string;
      description: string;
      /** Vite manifest keys of the route modules the page used, to preload their chunks. */
      pageModules: string[];
      /** Data the page was drawn with, for hydration to draw the same (the portal's, on /dashboard). */
      portal?: PortalData;
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

export type RenderOptions = { submission?: FormSubmission; portal?: PortalData };

export type PageRenderer = {
  render: (url: string, options?: RenderOptions) => Promise<RenderResult>;
  /** The page's one inline script (client/rendering/boot-script.ts), the same text on every page. */
  bootScript: string;
};
