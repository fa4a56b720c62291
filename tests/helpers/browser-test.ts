import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import { test } from 'vitest';
import { DESKTOP, baseUrl, launchBrowser, openPage } from './browser';

/**
 * The browser tests' `test`: one Chromium per file, and every context a test opens through
 * `open` or `newContext` is closed after the test, whether it passed or failed, so a failed
 * assertion never leaves a context (and its page, sockets and timers) behind.
 */
export const browserTest = test
  // Vitest reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern -- this fixture depends on no other
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
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
