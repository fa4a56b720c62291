/**
 * Presses on a page that is painted but not yet running its scripts (a cheap phone on slow data: seconds between the
 * two, ADR 0010). The chat button and the menu toggle are plain buttons in the prerendered HTML; the boot script
 * records a press on them and the app acts on it once it has hydrated (client/rendering/early-clicks.ts), so a tap is
 * never silently dropped. With JavaScript off, the header shows its links, and the chat button, which could never
 * work, is not offered.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { MOBILE, axeViolations, waitForHydration } from '../helpers/browser';
import { blockSiteScripts, browserTest } from '../helpers/browser-test';
import { ARRIVAL_TIMEOUT_MS, openOnSlowPhone } from '../helpers/slow-phone';
import { chatTexts } from '../../shared/chat-texts';

/** Holds every script of `page` until the returned function is called: the page as it is before its scripts run. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const chatPanel = (page: Page) => page.getByRole('dialog', { name: 'Chat Support' });
const menuToggle = (page: Page) => page.locator('#site-menu-toggle');

describe('pressed before the scripts have run', () => {
  browserTest('the chat button, pressed twice, opens the chat once the scripts arrive', async ({ newContext }) => {
    const page = await (await newContext(MOBILE)).newPage();
    const release = await holdScripts(page);
    await page.goto('/services', { waitUntil: 'domcontentloaded' });
    const launcher = page.getByRole('button', { name: 'Open Chat Support' });
    await launcher.click();
    await launcher.click();
    await page.waitForTimeout(300);
    expect(await chatPanel(page).count()).toBe(0);

    release();
    await waitForHydration(page);
    await chatPanel(page).getByText(chatTexts.greeting).waitFor();
    expect(await page.locator('#chat-launcher').getAttribute('aria-expanded')).toBe('true');
  });

  browserTest('the menu toggle opens the menu once the scripts arrive', async ({ newContext }) => {
    const page = await (await newContext(MOBILE)).newPage();
    const release = await holdScripts(page);
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    release();
    await waitForHydration(page);
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.waitFor();
    expect(await menuToggle(page).getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('link', { name: 'Services' }).click();
    await page.waitForURL('**/services');
  });

  // Before, during and after hydration on the throttled phone: the boot script records the early presses, React
  // replays those during hydration, and the hydrated button handles the rest. Each press opens the chat exactly once.
  const PRESS_DELAYS_MS = [0, 500, 1000, 2000, 4000];
  browserTest(
    `on a throttled phone, the chat opens when pressed ${PRESS_DELAYS_MS.join(', ')} ms after the load event`,
    async ({ newContext }) => {
      const opened: string[] = [];
      for (const delay of PRESS_DELAYS_MS) {
        const context = await newContext(MOBILE);
        const page = await openOnSlowPhone(context, '/contact');
        await page.waitForTimeout(delay);
        await page.getByRole('button', { name: 'Open Chat Support' }).click();
        const greeting = chatPanel(page).getByText(chatTexts.greeting);
        await greeting.waitFor({ timeout: ARRIVAL_TIMEOUT_MS }).then(
          async () => {
            // Still open a moment later: the press was not acted on twice (open, then shut).
            await page.waitForTimeout(1000);
            opened.push((await greeting.isVisible()) ? 'open' : 'closed again');
          },
          () => opened.push('never opened'),
        );
        await context.close();
      }
      expect(opened).toEqual(PRESS_DELAYS_MS.map(() => 'open'));
    },
    PRESS_DELAYS_MS.length * (ARRIVAL_TIMEOUT_MS + 15_000),
  );
});

describe('with JavaScript off, on a phone', () => {
  browserTest(
    'the header shows its links (no dead menu toggle) and no chat button is offered',
    async ({ newContext }) => {
      const page = await (await newContext({ ...MOBILE, javaScriptEnabled: false })).newPage();
      await page.goto('/about');
      expect(await menuToggle(page).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Open Chat Support' }).isVisible()).toBe(false);
      expect(await page.getByRole('link', { name: 'Chat with us' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Skip to main content' }).count()).toBe(1);
      const menu = page.getByRole('navigation', { name: 'Main' });
      expect(await menu.isVisible()).toBe(true);
      // axe needs timers, which never fire in a page with JavaScript off: it checks the same HTML in a page whose own
      // scripts are blocked, with the <noscript> stylesheet unwrapped so that it applies there too.
      const noScriptCopy = (await page.content()).replace(/<\/?noscript>/g, '');
      const checker = await (await newContext(MOBILE)).newPage();
      await blockSiteScripts(checker);
      await checker.route('**/no-script-copy', (route) =>
        route.fulfill({ contentType: 'text/html', body: noScriptCopy }),
      );
      await checker.goto('/no-script-copy');
      expect(await checker.locator('#site-menu-toggle').isVisible()).toBe(false);
      expect(await axeViolations(checker)).toEqual([]);

      // Nothing covers the page's heading: the header scrolls with the page.
      const header = await page.getByRole('banner').boundingBox();
      const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect(heading!.y).toBeGreaterThanOrEqual(header!.y + header!.height);

      await menu.getByRole('link', { name: 'Services' }).click();
      await page.waitForURL('**/services');
      await page.getByRole('heading', { level: 1 }).waitFor();
    },
  );
});
