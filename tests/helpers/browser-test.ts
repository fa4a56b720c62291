import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { test } from 'vitest';
import { DESKTOP, baseUrl, launchBrowser, openPage } from './browser';

/** Where a browser's page errors go: the running test's list, or the file's between tests (hooks). */
type ErrorSink = { errors: string[] };
const sinks = new WeakMap<Browser, { current: ErrorSink }>();

/** A tolerated error: the test says why, and only errors matching `pattern` are tolerated. */
type Allowance = { reason: string; pattern: RegExp };

function unexpectedErrors(sink: ErrorSink, allowances: readonly Allowance[]) {
  return sink.errors.filter((error) => !allowances.some(({ pattern }) => pattern.test(error)));
}

/**
 * Chromium's own line for a response with an error status or a request that failed ("Failed to load resource: the
 * server responded with a status of 409", "…net::ERR_FAILED"). It is the browser's network log, not a call of the
 * page's code: tests provoke such answers on purpose (a taken e-mail, a 404 page, a refused send) and assert the
 * status and what the visitor is shown. What the page's own code logs, and every uncaught error, still fails.
 */
const isNetworkLog = (text: string) => text.startsWith('Failed to load resource: ');

/** Pages whose site scripts the test blocked on purpose (blockSiteScripts). */
const scriptsBlocked = new WeakSet<Page>();

/**
 * Blocks every script of the site in `page`: a page that checks a copy of served HTML with axe, or a phone whose
 * scripts never arrive. The entry's failed `import()` there is what the test asked for, so that one error is not
 * counted; any other error of the page still fails the test.
 */
export async function blockSiteScripts(page: Page) {
  scriptsBlocked.add(page);
  await page.route('**/*.js', (route) => route.abort());
}
const isBlockedScriptImport = (page: Page | null, message: string) =>
  page !== null && scriptsBlocked.has(page) && message.startsWith('Failed to fetch dynamically imported module');

/**
 * Collects the uncaught errors and console.error lines of every page of `context` (the network log and a blocked
 * script's import aside, as above) into `into`, for files that open their own browser (typed-while-loading).
 */
export function recordPageErrors(context: BrowserContext, into: { push: (error: string) => unknown }) {
  context.on('weberror', (webError) => {
    const message = webError.error().message;
    if (!isBlockedScriptImport(webError.page(), message)) into.push(`pageerror: ${message}`);
  });
  context.on('console', (message) => {
    if (message.type() !== 'error' || isNetworkLog(message.text())) return;
    into.push(`console.error at ${message.location().url || 'page'}: ${message.text()}`);
  });
}

/**
 * Records every uncaught page error and every console.error of every page of every context this browser opens,
 * including contexts a test or a hook opens with `browser.newContext` itself, so no test can miss one by not asking.
 */
function watchPageErrors(browser: Browser, fileSink: ErrorSink) {
  const route = { current: fileSink };
  sinks.set(browser, route);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext(options);
    // With JavaScript off no page code runs: what Chromium reports there is about the scripts it declined to run.
    if (options?.javaScriptEnabled === false) return context;
    recordPageErrors(context, { push: (error: string) => route.current.errors.push(error) });
    return context;
  };
}

/**
 * The browser tests' `test`: one Chromium per file, and every context a test opens through
 * `open` or `newContext` is closed after the test, whether it passed or failed, so a failed
 * assertion never leaves a context (and its page, sockets and timers) behind.
 *
 * A page error or console.error in any page fails the test it happened in (or the file, when it happened in a hook
 * outside any test), unless the test calls `allowPageErrors(reason, pattern)` for an error it provokes on purpose.
 */
export const browserTest = test
  // Vitest reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern -- this fixture depends on no other
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    const fileSink: ErrorSink = { errors: [] };
    watchPageErrors(browser, fileSink);
    onCleanup(async () => {
      await browser.close();
      if (fileSink.errors.length)
        throw new Error(`Page errors outside any test (in a hook):\n${fileSink.errors.join('\n')}`);
    });
    return browser;
  })
  // Set up for every test (auto), so a test that never names it is still checked.
  .extend('pageErrorChecks', { auto: true }, ({ browser }, { onCleanup }) => {
    const route = sinks.get(browser)!;
    const fileSink = route.current;
    const sink: ErrorSink = { errors: [] };
    const allowances: Allowance[] = [];
    route.current = sink;
    onCleanup(() => {
      route.current = fileSink;
      const unexpected = unexpectedErrors(sink, allowances);
      if (unexpected.length)
        throw new Error(
          `The page reported ${unexpected.length} error(s); fix them, or call allowPageErrors(reason, pattern) ` +
            `in a test that provokes them on purpose:\n${unexpected.join('\n')}`,
        );
    });
    return allowances;
  })
  .extend('allowPageErrors', ({ pageErrorChecks }) => {
    return (reason: string, pattern: RegExp) => {
      if (!reason.trim()) throw new Error('allowPageErrors needs the reason the errors are expected');
      pageErrorChecks.push({ reason, pattern });
    };
  })
  // eslint-disable-next-line no-empty-pattern -- as above: no dependencies, but the pattern is required
  .extend('contexts', ({}, { onCleanup }) => {
    const contexts: BrowserContext[] = [];
    onCleanup(async () => {
      await Promise.all(contexts.map((context) => context.close()));
    });
    return contexts;
  })
  .extend('open', ({ browser, contexts }) => {
    return async (path: string, options: BrowserContextOptions = DESKTOP) => {
      const opened = await openPage(browser, path, options);
      contexts.push(opened.context);
      return opened;
    };
  })
  .extend('newContext', ({ browser, contexts }) => {
    return async (options: BrowserContextOptions = DESKTOP) => {
      const context = await browser.newContext({ ...options, baseURL: baseUrl() });
      contexts.push(context);
      return context;
    };
  });
