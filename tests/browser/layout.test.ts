import type { Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest } from '../helpers/browser-test';
import { DESKTOP, MOBILE, baseUrl, waitForHydration } from '../helpers/browser';

describe('header', () => {
  browserTest('highlights the current route with aria-current', async ({ open }) => {
    const { page } = await open('/about');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).resolves.toBeNull();
    await nav.getByRole('link', { name: 'Testimonials' }).click();
    await page.waitForURL('**/testimonials');
    await expect(nav.getByRole('link', { name: 'Testimonials' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(nav.getByRole('link', { name: 'About' }).getAttribute('aria-current')).resolves.toBeNull();
  });

  browserTest('becomes opaque once the page is scrolled more than 10 px', async ({ open }) => {
    const { page } = await open('/privacy-policy');
    await waitForHydration(page);
    // Opaque means a white background; before 11 px of scroll the header is see-through.
    const background = () => page.getByRole('banner').evaluate((header) => getComputedStyle(header).backgroundColor);
    await expect(background()).resolves.not.toBe('rgb(255, 255, 255)');
    // At 10 px: once the header has had the scroll event and two frames to render its answer, it is neither white nor
    // on its way there (a started colour transition is a running animation), with no fixed wait for the 0.2 s one.
    const at10 = await page.evaluate(async () => {
      const scrolled = new Promise((resolve) => window.addEventListener('scroll', resolve, { once: true }));
      window.scrollTo(0, 10);
      await scrolled;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const header = document.querySelector('header')!;
      return { background: getComputedStyle(header).backgroundColor, animations: header.getAnimations().length };
    });
    expect(at10.background).not.toBe('rgb(255, 255, 255)');
    expect(at10.animations).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 11));
    // Fully opaque once the short colour transition has run.
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('header')!).backgroundColor === 'rgb(255, 255, 255)',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('header')!).backgroundColor !== 'rgb(255, 255, 255)',
    );
  });
});

describe('mobile menu', () => {
  browserTest('opens and closes with the toggle, keeping aria-expanded in step', async ({ open }) => {
    const { page } = await open('/', MOBILE);
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(true);
    await close.click();
    await expect(page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).resolves.toBe('false');
  });

  browserTest('closes on Escape and returns focus to the toggle', async ({ open }) => {
    const { page } = await open('/', MOBILE);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('site-menu');
  });

  browserTest('closes when a link is tapped and the route changes', async ({ open }) => {
    const { page } = await open('/', MOBILE);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).tap();
    await page.waitForURL('**/about');
    await expect(page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
  });
});

describe('scrolling on navigation', () => {
  browserTest('scrolls to the top on a path change', async ({ open }) => {
    const { page } = await open('/privacy-policy');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL('**/terms-of-service');
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  browserTest(
    'leaves the first page where the visitor scrolled it while the scripts loaded',
    async ({ newContext }) => {
      const page = await (await newContext()).newPage();
      const held: Route[] = [];
      let holding = true;
      await page.route('**/assets/*.js', (route) => (holding ? void held.push(route) : void route.continue()));
      await page.goto('/privacy-policy');
      await page.evaluate(() => window.scrollTo(0, 600));
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      // The layout marks the page hydrated in its own effect, which React runs after those of the components inside it
      // (the scroll-to-top among them): any jump would have happened by then, so no fixed wait follows.
      await waitForHydration(page);
      expect(await page.evaluate(() => window.scrollY)).toBe(600);
    },
  );

  browserTest('scrolls to the anchor when the URL has a #hash', async ({ open }) => {
    const { page } = await open('/privacy-policy');
    await waitForHydration(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Our Mission' }).click();
    await page.waitForURL('**/about#mission');
    await page.waitForFunction(() => {
      const top = document.getElementById('mission')?.getBoundingClientRect().top ?? -1;
      return window.scrollY > 0 && top >= 0 && top < 200;
    });
  });
});

describe('toasts', () => {
  browserTest('shows the Visual Assist toast, one at a time, dismissed after 5 s', async ({ open }) => {
    const { page } = await open('/accessibility');
    await waitForHydration(page);
    const button = page.getByRole('button', { name: 'Request Visual Assist' });
    await button.click();
    await button.click();
    await button.click();
    const toasts = page.getByTestId('toast');
    await expect(toasts.count()).resolves.toBe(1);
    await expect(toasts.first().innerText()).resolves.toContain(
      'The Visual Assist feature is currently under development.',
    );
    await expect(page.getByRole('status').filter({ hasText: 'Coming Soon' }).count()).resolves.toBe(1);
    const started = Date.now();
    await page.mouse.move(0, 0);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="toast"]').length === 0, undefined, {
      timeout: 8000,
    });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThan(3500);
  });

  browserTest('can be dismissed with the close button and by swiping', async ({ open }) => {
    const { page } = await open('/accessibility');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Request Visual Assist' }).click();
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(page.getByTestId('toast').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Request Visual Assist' }).click();
    const box = (await page.getByTestId('toast').boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + 160, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="toast"]').length === 0, undefined, {
      timeout: 2000,
    });
  });
});

describe('not found page', () => {
  browserTest('answers an unknown path with status 404 and links home and to /services', async ({ open }) => {
    const { page, response } = await open('/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Page Not Found');
    await expect(page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).resolves.toBe('/');
    await expect(page.getByRole('link', { name: 'Explore our services' }).getAttribute('href')).resolves.toBe(
      '/services',
    );
  });
});

describe('hydration', () => {
  browserTest.for(['/', '/about', '/testimonials', '/privacy-policy', '/accessibility'])(
    '%s hydrates with no console error and no request leaving the origin',
    async (path, { open }) => {
      const { page, consoleErrors, externalRequests } = await open(path, DESKTOP);
      await waitForHydration(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      expect(consoleErrors).toEqual([]);
      expect(externalRequests).toEqual([]);
      expect(baseUrl()).toMatch(/^http:\/\/127\.0\.0\.1:/);
    },
  );
});
