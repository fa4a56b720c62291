import { Redirect, Route, Switch, matchRoute } from 'wouter';
import { parse } from 'regexparam';
import { lazyPage, type LazyPage } from '../rendering/lazy-page';
import { paths } from './paths';

export type RouteEntry = {
  path: string;
  page: LazyPage;
  /**
   * A static path is rendered to HTML at build time unless this is false; the slug routes' URLs are listed in
   * prerender-paths.server.ts (server-only, with the content they read).
   */
  prerender?: false;
};

const notFoundPage = lazyPage('not-found-page');
// A booking's e-mail links (issue #28.4, #28.6): three paths, one page module, drawn per request.
const appointmentLinkPage = lazyPage('appointment-link-page');

/** Order matters: the first matching path wins, so fixed paths come before slugs. */
export const routeTable: RouteEntry[] = [
  { path: paths.home(), page: lazyPage('home-page') },
  { path: paths.orderService(), page: lazyPage('order-service-page') },
  { path: paths.bookAppointment(), page: lazyPage('book-appointment-page') },
  { path: paths.planTrip(), page: lazyPage('plan-trip-page') },
  { path: paths.about(), page: lazyPage('about-page') },
  { path: paths.testimonials(), page: lazyPage('testimonials-page') },
  { path: paths.privacyPolicy(), page: lazyPage('privacy-policy-page') },
  { path: paths.termsOfService(), page: lazyPage('terms-of-service-page') },
  { path: paths.hipaaCompliance(), page: lazyPage('hipaa-compliance-page') },
  { path: paths.accessibility(), page: lazyPage('accessibility-page') },
  // Catalogue (issue #3). The slug routes' URLs are listed in prerender-paths.server.ts, so the content stays out of
  // the client bundle.
  { path: paths.services(), page: lazyPage('services-page') },
  { path: paths.providerServices(), page: lazyPage('provider-services-page') },
  {
    path: paths.providerService(':slug'),
    page: lazyPage('service-category-page'),
  },
  {
    path: paths.service(':slug'),
    page: lazyPage('service-category-page'),
  },
  { path: paths.blog(), page: lazyPage('blog-page') },
  {
    path: paths.blogPost(':slug'),
    page: lazyPage('blog-post-page'),
  },
  { path: paths.news(), page: lazyPage('news-page') },
  {
    path: paths.newsArticle(':slug'),
    page: lazyPage('news-article-page'),
  },
  { path: paths.contact(), page: lazyPage('contact-page') },
  { path: paths.resources(), page: lazyPage('resources-page') },
  { path: paths.jobOpportunities(), page: lazyPage('job-opportunities-page') },
  { path: paths.internships(), page: lazyPage('internships-page') },
  { path: paths.trainings(), page: lazyPage('trainings-page') },
  {
    path: `${paths.apply('')}:slug`,
    page: lazyPage('apply-page'),
  },
  { path: paths.symptomChecker(), page: lazyPage('symptom-checker-page') },
  // Accounts (issue #5). The dashboard is rendered in the browser behind the session.
  { path: paths.signup(), page: lazyPage('signup-page') },
  { path: paths.login(), page: lazyPage('login-page') },
  { path: paths.forgotPassword(), page: lazyPage('forgot-password-page') },
  { path: paths.resetPassword(), page: lazyPage('reset-password-page') },
  { path: paths.confirmEmail(), page: lazyPage('confirm-email-page') },
  { path: paths.dashboard(), page: lazyPage('dashboard-page'), prerender: false },
  { path: '/appointments/reschedule', page: appointmentLinkPage, prerender: false },
  { path: '/appointments/cancel', page: appointmentLinkPage, prerender: false },
  { path: '/appointments/earlier', page: appointmentLinkPage, prerender: false },
  // The staff app (issue #13): inbox, requests, newsletter, chats (the agents' console), team, audit; session-only.
  { path: paths.staffWelcome(), page: lazyPage('staff-welcome-page'), prerender: false },
  { path: paths.staff(), page: lazyPage('staff-page'), prerender: false },
  { path: `${paths.staff()}/*`, page: lazyPage('staff-page'), prerender: false },
  {
    path: paths.product(':slug'),
    page: lazyPage('product-page'),
  },
];

export const redirects: { from: string; to: string }[] = [
  { from: paths.medicalTourism(), to: paths.internationalHealth() },
  { from: paths.agent(), to: paths.staffChats() },
];

export function findRoute(path: string): RouteEntry | undefined {
  return routeTable.find((route) => matchRoute(parse, route.path, path)[0]);
}

/** The page module that will render `path` (the not-found page when nothing matches). */
export function pageForPath(path: string): LazyPage {
  return findRoute(path)?.page ?? notFoundPage;
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
