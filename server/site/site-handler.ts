import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import express, { type RequestHandler, type Router } from 'express';
import type { PageData, PageRenderer, PortalData, RenderOptions } from '../../shared/render-result';
import { DASHBOARD_PAGE } from '../../shared/forms/account-forms';
import type { Logger } from '../logger';
import { markAuthState, type AuthState } from '../../shared/auth-state';
import { buildHtmlDocument, prerenderedFileFor, type ViteManifest } from './html-document';
import { createAssetReader } from './site-assets';
import { SENT_QUERY } from '../../shared/forms/form-post';
import type { NativeFormPosts } from '../forms/native-form-posts';

export type SiteBuild = {
  /** dist/client: Vite's output (hashed assets, index.html template, manifest). */
  clientDir: string;
  /** dist/prerendered: HTML written at build time, one file per public route. */
  prerenderedDir: string;
  /** The client's server entry, for URLs that were not prerendered (unknown slugs, 404s). */
  renderer: PageRenderer;
  /** CSP hashes of the stylesheets that pages inline. */
  styleHashes: string[];
  /** CSP hashes of the inline scripts pages carry (the boot script). */
  scriptHashes: string[];
};

const HTML_CACHE = 'no-cache';
const SIGN_UP_PAGE = '/signup';
const PERSONAL_HTML_CACHE = 'private, no-cache';

/** The header's state for this request's session (server/app.ts), or null when signed out. */
export type AuthStateLookup = (req: express.Request) => Promise<AuthState | null>;

/** What the server knows about the visitor, from server/app.ts (absent in tests of the site alone). */
export type SiteVisitor = {
  authStateOf?: AuthStateLookup;
  /** Plain HTML posts of the forms (issue #15). */
  nativeForms?: NativeFormPosts;
  /** A signed-in patient's dashboard data, or null without a session (issue #15). */
  portalFor?: (req: express.Request, res: express.Response) => Promise<PortalData | null>;
  /**
   * Public pages drawn per request with the server's data (issue #28): `handles` names their paths (their prerendered
   * copy, if any, is not served), `load` fetches the data; null renders the page without (its own empty state).
   */
  pageData?: {
    handles: (path: string) => boolean;
    load: (req: express.Request, res: express.Response) => Promise<PageData | null>;
  };
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built site: hashed assets cached for a year, prerendered HTML
 * revalidated on every visit, and anything else rendered on demand with the right
 * status (404 for unknown pages, 301 for redirects).
 */
export function siteHandler(build: SiteBuild, logger: Logger, visitor: SiteVisitor = {}): Router {
  const { authStateOf, nativeForms, portalFor, pageData } = visitor;
  const site = express.Router();
  const template = fs.readFileSync(path.join(build.clientDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(
    fs.readFileSync(path.join(build.clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as ViteManifest;
  const readAsset = createAssetReader(build.clientDir);
  // Every prerendered page is read once here: page GETs then never touch the disk or libuv's
  // thread pool, which argon2 shares (issue #11; docs/decisions/0011-bounded-password-hashing.md).
  const pages = loadPrerenderedPages(build.prerenderedDir);

  site.use(
    '/assets',
    express.static(path.join(build.clientDir, 'assets'), {
      index: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE),
    }),
  );
  // Before the static folder, whose lookup (fs.stat) would go through the thread pool for every page.
  site.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // The page a plain form post returns to says it was sent: rendered for this request.
    if (req.query[SENT_QUERY.reference] !== undefined) return next();
    if (pageData?.handles(req.path)) return next();
    const page = pages.get(prerenderedFileFor(req.path));
    if (!page) return next();
    const state = authStateOf ? await authStateOf(req) : null;
    if (state) {
      // Drawn for this visitor: never stored by a shared cache, and compressed per request like any answer.
      res.setHeader('Cache-Control', PERSONAL_HTML_CACHE);
      res.setHeader('Vary', 'Cookie, Accept-Encoding');
      res.type('html');
      return void res.send(markAuthState(page.body.toString('utf8'), state));
    }
    res.setHeader('Cache-Control', HTML_CACHE);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', page.etag);
    res.type('html');
    // Compressed once at start: no per-request gzip (CPU, and zlib's use of the thread pool).
    // The compression middleware leaves an answer that already has a Content-Encoding alone.
    if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
      res.setHeader('Content-Encoding', 'gzip');
      return void res.send(page.gzip);
    }
    // Express answers a matching If-None-Match with 304.
    res.send(page.body);
  });
  site.use(
    express.static(build.clientDir, {
      index: false,
      dotfiles: 'ignore',
      setHeaders: (res) => res.setHeader('Cache-Control', HTML_CACHE),
    }),
  );

  const formBody = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 100 });
  const renderPage: RequestHandler = async (req, res, next) => {
    // A form sent before its script arrived (or without JavaScript) posts to its own page (issue #15).
    if (req.method === 'POST') return answerFormPost(req, res, next);
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const pathname = req.path;
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const query = req.originalUrl.slice(req.path.length);
      return res.redirect(301, ownPath(pathname.replace(/\/+$/, '') + query));
    }
    res.setHeader('Cache-Control', HTML_CACHE);
    res.type('html');
    try {
      const options = await personalOptions(req, res);
      if (options === 'sign-up') return res.redirect(303, SIGN_UP_PAGE);
      const result = await build.renderer.render(req.originalUrl, options);
      if (result.kind === 'redirect') return res.redirect(result.status, result.location);
      const html = buildHtmlDocument(template, manifest, result, readAsset, build.renderer.bootScript);
      const state = authStateOf ? await authStateOf(req) : null;
      // The portal is personal data: never kept, not even by the browser's own cache.
      // A page that is never to be kept (a booking's link page, issue #28.4) stays so for a signed-in visitor too.
      if (state && res.getHeader('Cache-Control') !== 'no-store')
        res.setHeader('Cache-Control', options.portal ? 'private, no-store' : PERSONAL_HTML_CACHE);
      res.status(result.status).send(state ? markAuthState(html, state) : html);
    } catch (error) {
      logger.error('render failed', { path: pathname, err: error });
      next(error);
    }
  };
  /**
   * /dashboard is drawn on the server for a signed-in patient (readable without JavaScript); without a session it goes
   * to /signup as the spec's client-side check does. Any other page needs nothing personal.
   */
  const personalOptions = async (req: express.Request, res: express.Response): Promise<RenderOptions | 'sign-up'> => {
    if (pageData?.handles(req.path)) {
      const data = await pageData.load(req, res);
      return data ? { pageData: data } : {};
    }
    if (req.path !== DASHBOARD_PAGE || !portalFor) return {};
    const portal = await portalFor(req, res);
    if (!portal) return 'sign-up';
    return { portal };
  };

  /** Stored → 303 to the page saying so; refused → the page again with the errors and values; not a form → back. */
  const answerFormPost: RequestHandler = (req, res, next) =>
    formBody(req, res, (parseError?: unknown) => {
      if (parseError) return next(parseError);
      void answerParsedFormPost(req, res, next);
    });

  const answerParsedFormPost: RequestHandler = async (req, res, next) => {
    try {
      const outcome = nativeForms ? await nativeForms(req, res) : ({ kind: 'not-a-form' } as const);
      if (outcome.kind === 'not-a-form') return res.redirect(303, ownPath(req.originalUrl));
      res.setHeader('Cache-Control', 'no-store');
      if (outcome.kind === 'redirect') return res.redirect(303, ownPath(outcome.location));
      const options = await personalOptions(req, res);
      if (options === 'sign-up') return res.redirect(303, SIGN_UP_PAGE);
      const result = await build.renderer.render(req.originalUrl, { ...options, submission: outcome.submission });
      if (result.kind === 'redirect') return res.redirect(303, result.location);
      res
        .status(outcome.status)
        .type('html')
        .send(buildHtmlDocument(template, manifest, result, readAsset, build.renderer.bootScript));
    } catch (error) {
      next(error);
    }
  };

  site.use(renderPage);
  return site;
}

export type PrerenderedPage = { body: Buffer; gzip: Buffer; etag: string };

/**
 * The prerendered HTML files by their path under prerenderedDir ('index.html', 'services/x.html'), in memory, with
 * their gzip form.
 */
export function loadPrerenderedPages(prerenderedDir: string): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  if (!fs.existsSync(prerenderedDir)) return pages;
  for (const entry of fs.readdirSync(prerenderedDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    // Weak: one validator for the gzip and the plain form of the same page.
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    pages.set(path.relative(prerenderedDir, file).split(path.sep).join('/'), {
      body,
      gzip: gzipSync(body, { level: 9 }),
      etag,
    });
  }
  return pages;
}

/** A redirect target on this site: `//host/x` would leave it (protocol-relative), so one slash. */
export const ownPath = (url: string) => `/${url.replace(/^[/\\]+/, '')}`;
