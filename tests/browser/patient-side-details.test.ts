/**
 * Issue #23 item 7: small patient-side defects. The 'Request a Service' card keeps its padding after in-site
 * navigation to /dashboard; the footer's FAQ link, followed from another page, lands on the FAQ once the page has
 * filled in; the legal pages' titles carry the brand like every other title.
 */
import { describe, expect } from 'vitest';
import { brand } from '../../shared/brand';
import { waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { signInAs } from './chat-helpers';

describe('small patient-side defects (issue #23 item 7)', () => {
  browserTest(
    "the 'Request a Service' card keeps a card's padding after in-site navigation",
    async ({ newContext }) => {
      const context = await newContext();
      await signInAs(context, 'patient', 'Bisi Patient');
      const page = await context.newPage();
      await page.goto('/about');
      await waitForHydration(page);
      await page.getByRole('banner').getByRole('link', { name: 'My account' }).click();
      await page.waitForURL('**/dashboard');
      const padding = (name: string) =>
        page.getByRole('region', { name, exact: true }).evaluate((card) => {
          const style = getComputedStyle(card);
          return [style.paddingTop, style.paddingRight, style.paddingBottom, style.paddingLeft];
        });
      const cardPadding = await padding('Health Summary');
      expect(cardPadding).not.toEqual(['0px', '0px', '0px', '0px']);
      expect(await padding('Request a Service')).toEqual(cardPadding);
      // And on the page as the server sends it.
      await page.reload();
      expect(await padding('Request a Service')).toEqual(await padding('Health Summary'));
    },
  );

  browserTest("the footer's FAQ link, followed from another page, ends on the FAQ", async ({ open }) => {
    const { page } = await open('/about');
    await waitForHydration(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL('**/contact#faq');
    // The contact form above the FAQ loads after the navigation and grows from one line to a whole form; once it has,
    // the FAQ must still be where the visitor was taken: at the top of the window, below the fixed header.
    await page.waitForFunction(
      () => {
        const formIsLive = document.querySelector('[data-island="contact-panel"][data-live]') !== null;
        const faqTop = document.getElementById('faq')?.getBoundingClientRect().top ?? -1;
        return formIsLive && faqTop >= 0 && faqTop < 120;
      },
      undefined,
      { timeout: 5000 },
    );
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('faq');
  });

  browserTest.for([
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/hipaa-compliance', 'HIPAA Compliance'],
    ['/accessibility', 'Accessibility Statement'],
  ] as const)("%s is titled '<page> - <brand>', loaded and reached in the site", async ([path, title], { open }) => {
    const { page } = await open(path);
    expect(await page.title()).toBe(`${title} - ${brand.name}`);
    // Reached from another page inside the site: the title comes with the fetched page.
    await waitForHydration(page);
    await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
    await page.waitForURL('**/about');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: title === 'Accessibility Statement' ? 'Accessibility' : title })
      .click();
    await page.waitForURL(`**${path}`);
    await page.waitForFunction((expected) => document.title === expected, `${title} - ${brand.name}`, {
      timeout: 5000,
    });
  });
});
