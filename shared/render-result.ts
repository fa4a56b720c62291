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
    };

export type PageRenderer = { render: (url: string) => Promise<RenderResult> };
