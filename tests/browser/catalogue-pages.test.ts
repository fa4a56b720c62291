import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest } from '../helpers/browser-test';
import { prerenderPaths } from '../../client/app/prerender-paths.server';
import { DESKTOP, MOBILE, axeViolations, baseUrl, waitForHydration } from '../helpers/browser';

// Every page this issue adds: the catalogue routes the build prerenders, plus the not-found views.
const CATALOGUE = /^\/(services|blog|news|contact|resources|careers|apply|self-diagnoses|products)(\/|$)/;
const FORM_PAGES = new Set(['/services/order-service', '/services/book-appointment', '/services/plan-trip']);
const catalogue = prerenderPaths().filter((path) => CATALOGUE.test(path) && !FORM_PAGES.has(path));
const notFound = [
  '/services/not-a-service',
  '/services/provider/not-a-service',
  '/blog/not-a-post',
  '/news/not-an-article',
  '/products/not-a-product',
];

browserTest('checks every catalogue page', () => {
  expect(catalogue.length).toBeGreaterThanOrEqual(60);
});

for (const [label, viewport] of [
  ['1280 px', DESKTOP],
  ['375 px', MOBILE],
] as const) {
  describe(`axe-core finds no violations at ${label}`, () => {
    let context: BrowserContext;
    let page: Page;
    const errors: string[] = [];
    const external: string[] = [];
    browserTest.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ ...viewport, baseURL: baseUrl() });
      page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error' && !/404 \(Not Found\)/.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('request', (request) => {
        if (!request.url().startsWith(baseUrl()) && !request.url().startsWith('data:')) external.push(request.url());
      });
    });
    browserTest.afterAll(() => context?.close());

    browserTest.for([...catalogue, ...notFound])('%s', async (path) => {
      errors.length = 0;
      external.length = 0;
      const response = await page.goto(path, { waitUntil: 'load' });
      expect(response?.status()).toBe(notFound.includes(path) ? 404 : 200);
      await waitForHydration(page);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      // Nothing goes to a third party before the visitor asks (the office map waits for 'Show map').
      expect(external).toEqual([]);
    });
  });
}

describe('catalogue pages read in full with JavaScript disabled', () => {
  browserTest.for([
    ['/services', 'Our Services', 'For Health Providers'],
    ['/services/telehealth-remote-care', 'Telehealth & Remote Care', 'Learn More'],
    ['/services/virtual-consultation', 'Virtual Consultation', 'Key Features'],
    ['/services/international-health', 'International Health', 'Medical Tourism Support'],
    [
      '/services/provider/research-and-project-management',
      'Research & Project Management',
      'Grant Proposal & Submission Support',
    ],
    ['/blog', 'Blog', 'Digital Health'],
    [
      '/blog/how-telehealth-can-save-you-a-trip-across-lagos',
      'How telehealth can save you a trip across Lagos',
      'Sources',
    ],
    ['/news/reprohaven-launch-announcement', 'ReproHaven', 'What members can expect'],
    ['/contact', 'Get in Touch', 'Frequently Asked Questions'],
    ['/resources', 'Resources', 'Coming soon'],
    ['/careers/job-opportunities', 'Job Opportunities', 'Lagos Nigeria (Hybrid)'],
    ['/self-diagnoses', 'Symptom Checker', 'Important Disclaimer'],
    ['/products/ehr', 'EHR', 'Request a Demo'],
  ] as const)('%s', async ([path, heading, text], { newContext }) => {
    const context = await newContext({ ...MOBILE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(new URL(path, baseUrl()).href);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toContain(heading);
    await expect(page.locator('main').innerText()).resolves.toContain(text);
  });
});
