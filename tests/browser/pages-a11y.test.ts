import { describe, expect } from 'vitest';
import { browserTest } from '../helpers/browser-test';
import { DESKTOP, MOBILE, axeViolations, baseUrl, waitForHydration } from '../helpers/browser';

const pages = [
  '/',
  '/about',
  '/testimonials',
  '/privacy-policy',
  '/terms-of-service',
  '/hipaa-compliance',
  '/accessibility',
  '/no-such-page',
];

describe('axe-core finds no violations', () => {
  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', MOBILE],
  ] as const) {
    browserTest.for(pages)(`%s at ${label}`, async (path, { open }) => {
      const { page } = await open(path, viewport);
      await waitForHydration(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

describe('pages read in full with JavaScript disabled', () => {
  browserTest.for([
    ['/', 'Your Journey to Better Health Starts Here', 'Why Choose Us'],
    ['/about', 'About', 'Meet Our Leadership'],
    ['/testimonials', 'Trusted by Patients and Professionals', 'Rated 4 out of 5'],
    ['/privacy-policy', 'Privacy Policy', 'Nigeria Data Protection Act 2023'],
    ['/accessibility', 'Accessibility Statement', '5 business days'],
  ] as const)('%s', async ([path, heading, text], { newContext }) => {
    const context = await newContext({ ...MOBILE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(new URL(path, baseUrl()).href);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toContain(heading);
    await expect(page.locator('body').innerText()).resolves.toContain(text);
    // Without JavaScript the mobile menu shows its links (noscript stylesheet).
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).isVisible(),
    ).resolves.toBe(true);
  });
});
