import { Redirect, Route, Switch, matchRoute } from 'wouter';
import { parse } from 'regexparam';
import { lazyPage, type LazyPage } from '../lib/lazy-page';
import { paths } from './paths';

export type RouteEntry = {
  path: string;
  page: LazyPage;
  /** Concrete URLs rendered to HTML at build time; a static path prerenders itself unless this is false. */
  prerender?: false | (() => string[]);
};

const notFoundPage = lazyPage('not-found-page');

/** Order matters: the first matching path wins, so fixed paths come before slugs. */
export const routeTable: RouteEntry[] = [
  { path: paths.home(), page: lazyPage('home-page') },
  { path: paths.about(), page: lazyPage('about-page') },
  { path: paths.testimonials(), page: lazyPage('testimonials-page') },
  { path: paths.privacyPolicy(), page: lazyPage('privacy-policy-page') },
  { path: paths.termsOfService(), page: lazyPage('terms-of-service-page') },
  { path: paths.hipaaCompliance(), page: lazyPage('hipaa-compliance-page') },
  { path: paths.accessibility(), page: lazyPage('accessibility-page') },
];

export const redirects: { from: string; to: string }[] = [
  { from: paths.medicalTourism(), to: paths.internationalHealth() },
];

export function findRoute(path: string): RouteEntry | undefined {
  return routeTable.find((route) => matchRoute(parse, route.path, path)[0]);
}

/** The page module that will render `path` (the not-found page when nothing matches). */
export function pageForPath(path: string): LazyPage {
  return findRoute(path)?.page ?? notFoundPage;
}

export function prerenderPaths(): string[] {
  return routeTable.flatMap((route) => {
    if (route.prerender === false) return [];
    if (route.prerender) return route.prerender();
    return route.path.includes(':') ? [] : [route.path];
  });
}

export function AppRoutes() {
  return (
    <Switch>
      {redirects.map((redirect) => (
        <Route key={redirect.from} path={redirect.from}>
          <Redirect to={redirect.to} replace />
        </Route>
      ))}
      {routeTable.map((route) => (
        <Route key={route.path} path={route.path} component={route.page} />
      ))}
      <Route component={notFoundPage} />
    </Switch>
  );
}
