import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DESKTOP, MOBILE, waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

/** Navigates inside the app the way a link in server-rendered content does (no full page load). */
async function clientNavigate(page: Page, href: string) {
  await page.evaluate((target) => {
    const link = document.createElement('a');
    link.href = target;
    link.textContent = 'test link';
    document.querySelector('[data-server-content]')!.append(link);
    link.click();
  }, href);
}

describe('/services/medical-tourism', () => {
  browserTest('is replaced in the history by /services/international-health on client navigation', async ({ open }) => {
    const { page } = await open('/services');
    await waitForHydration(page);
    const lengthBefore = await page.evaluate(() => history.length);
    await clientNavigate(page, '/services/medical-tourism');
    await page.waitForURL('**/services/international-health');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'International Health');
    // One new entry (the redirect target), not two: the medical-tourism entry was replaced.
    expect(await page.evaluate(() => history.length)).toBe(lengthBefore + 1);
    await page.goBack();
    await page.waitForURL(/\/services$/);
  });

  browserTest('is a permanent redirect for a direct request', async ({ open }) => {
    const { page, response } = await open('/services/medical-tourism');
    expect(response?.url()).toMatch(/\/services\/international-health$/);
    const redirected = response!.request().redirectedFrom();
    expect(redirected?.url()).toMatch(/\/services\/medical-tourism$/);
    expect([301, 308]).toContain((await redirected!.response())!.status());
    expect(await h1(page)).toBe('International Health');
  });
});

describe('service pages', () => {
  browserTest(
    'navigate client-side from /services to a category and a detail page, updating the title',
    async ({ open }) => {
      const { page } = await open('/services');
      await waitForHydration(page);
      await page.getByRole('link', { name: /^Learn More\s*: Telehealth & Remote Care$/ }).click();
      await page.waitForURL('**/services/telehealth-remote-care');
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Telehealth & Remote Care');
      await page.getByRole('link', { name: /^Learn More\s*: Virtual Consultation$/ }).click();
      await page.waitForURL('**/services/virtual-consultation');
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Virtual Consultation');
      expect(await page.title()).toMatch(/^Virtual Consultation - /);
      await expect(page.getByRole('heading', { name: 'Key Features' }).isVisible()).resolves.toBe(true);
      await page.getByRole('link', { name: 'Back to Services' }).click();
      await page.waitForURL(/\/services$/);
    },
  );

  browserTest(
    'research and project management: five cards in two columns, all to the one detail page',
    async ({ open }) => {
      const { page } = await open('/services/provider/research-project-management');
      const links = page.getByRole('link', { name: /^Learn More/ });
      expect(await links.count()).toBe(5);
      for (const href of await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')))) {
        expect(href).toBe('/services/provider/research-and-project-management');
      }
      // Each card is the list item around its Learn More link.
      const tops = await links.evaluateAll((els) =>
        els.map((el) => Math.round(el.closest('li')!.getBoundingClientRect().top)),
      );
      expect(tops[0]).toBe(tops[1]);
    },
  );

  browserTest('other category pages list their cards in one column', async ({ open }) => {
    const { page } = await open('/services/telehealth-remote-care');
    const cards = page.getByRole('main').getByRole('link', { name: /^Learn More/ });
    const lefts = await cards.evaluateAll((els) =>
      els.map((el) => Math.round(el.closest('li')!.getBoundingClientRect().left)),
    );
    expect(lefts).toHaveLength(3);
    expect(new Set(lefts).size).toBe(1);
  });

  browserTest(
    'international-health renders full width with no image, its categories and a call to action to /signup',
    async ({ open }) => {
      const { page } = await open('/services/international-health');
      expect(await page.locator('main img').count()).toBe(0);
      await expect(page.getByRole('heading', { name: 'Medical Tourism Support' }).isVisible()).resolves.toBe(true);
      expect(await page.getByRole('link', { name: 'Start Your Journey' }).getAttribute('href')).toBe('/signup');
    },
  );

  browserTest('research-and-project-management groups its features under sub-titles', async ({ open }) => {
    const { page } = await open('/services/provider/research-and-project-management');
    expect(await page.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(
      expect.arrayContaining(['Clinical Research Design & Coordination', 'Ethics & Regulatory Compliance']),
    );
    expect(await page.getByRole('link', { name: 'Back to Provider Services' }).getAttribute('href')).toBe(
      '/services/provider',
    );
  });

  browserTest('the symptom-checker service links to /self-diagnoses', async ({ open }) => {
    const { page } = await open('/services/symptom-checker');
    expect(await page.getByRole('link', { name: 'Start Symptom Checker' }).getAttribute('href')).toBe(
      '/self-diagnoses',
    );
  });
});

describe('/resources', () => {
  browserTest('shows the coming-soon cards as unavailable, not links, and no Company News card', async ({ open }) => {
    const { page } = await open('/resources');
    await waitForHydration(page);
    const soon = page.locator('[data-coming-soon]');
    expect(await soon.count()).toBe(3);
    for (const [index, title] of ['Health Rewards', 'Events & Webinars', 'Reports'].entries()) {
      const card = soon.nth(index);
      expect(await card.getByRole('heading').innerText()).toBe(title);
      expect(await card.innerText()).toContain('Coming soon');
      expect(await card.textContent()).toContain(`${title} is not available yet`);
      expect(await card.locator('a, button').count()).toBe(0);
    }
    expect(await page.getByRole('link', { name: /FAQ/ }).first().getAttribute('href')).toBe('/contact#faq');
    expect(await page.locator('main').getByRole('heading', { name: 'Company News', exact: true }).count()).toBe(0);
  });

  browserTest('has the #news, #gallery and #careers anchors with their content', async ({ open }) => {
    const { page } = await open('/resources', MOBILE);
    expect(
      await page
        .locator('#news')
        .getByRole('link', { name: /Read More/ })
        .count(),
    ).toBe(2);
    expect(await page.locator('#gallery figure').count()).toBe(2);
    expect(await page.locator('#gallery figcaption').count()).toBe(2);
    const careers = await page.locator('#careers a').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(careers).toEqual(['/careers/job-opportunities', '/careers/internships', '/careers/trainings']);
    await expect(page.getByRole('heading', { name: 'Subscribe to Our Newsletter' }).isVisible()).resolves.toBe(true);
  });

  browserTest('a footer anchor link lands on its section', async ({ open }) => {
    const { page } = await open('/about');
    await waitForHydration(page);
    await page.locator('footer').getByRole('link', { name: 'Careers' }).click();
    await page.waitForURL('**/resources#careers');
    await page.waitForSelector('#careers');
  });
});

describe('careers', () => {
  browserTest(
    'the apply page shows the job title for a known slug and the decoded text otherwise',
    async ({ open }) => {
      const known = await open('/apply/data-analyst');
      expect(await h1(known.page)).toBe('Data Analyst');
      expect(await known.page.getByRole('link', { name: 'Back to Job Opportunities' }).getAttribute('href')).toBe(
        '/careers/job-opportunities',
      );

      const unknown = await open('/apply/Senior%20Nurse%20%26%20Midwife');
      expect(unknown.response?.status()).toBe(200);
      await waitForHydration(unknown.page);
      expect(await h1(unknown.page)).toBe('Senior Nurse & Midwife');
      expect(unknown.consoleErrors).toEqual([]);
    },
  );

  browserTest('Apply Now leads from the job list to the apply page', async ({ open }) => {
    const { page } = await open('/careers/job-opportunities');
    await waitForHydration(page);
    await page.getByRole('link', { name: /^Apply Now\s*: Data Analyst$/ }).click();
    await page.waitForURL('**/apply/data-analyst');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Data Analyst');
    // The application form appears once the title is known (it is read from the server-rendered heading).
    await page.locator('main form').waitFor();
    expect(await page.title()).toMatch(/^Apply: Data Analyst - /);
  });
});

describe('/contact', () => {
  async function captureMailto(page: Page) {
    await page.evaluate(() => {
      document.addEventListener(
        'click',
        (event) => {
          const link = event.target as HTMLAnchorElement;
          if (link.href?.startsWith('mailto:')) {
            (window as unknown as { mailto: string }).mailto = link.href;
            event.preventDefault();
          }
        },
        true,
      );
    });
  }

  browserTest(
    'shows errors by the fields, then composes the mailto link, shows the notice and resets',
    async ({ open }) => {
      const { page, consoleErrors } = await open('/contact', MOBILE);
      await waitForHydration(page);
      await captureMailto(page);
      await page.getByRole('button', { name: 'Send Message via Email Client' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
      await summary.waitFor();
      expect(await summary.getByRole('link').allInnerTexts()).toEqual([
        'Enter your full name',
        'Enter your email address',
        'Enter a subject',
        'Enter your message',
      ]);
      const name = page.getByLabel('Full Name');
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');

      await name.fill('Ada Obi');
      await page.getByLabel('Email Address').fill('ada@example');
      await page.getByLabel('Subject').fill('Fees & times?');
      await page.getByLabel('Message', { exact: true }).fill('How much is a visit?');
      await page.getByRole('button', { name: 'Send Message via Email Client' }).click();
      await page.getByText('Enter an email address in the correct format, like name@example.com').first().waitFor();
      expect(await page.evaluate(() => (window as unknown as { mailto?: string }).mailto)).toBeUndefined();

      await page.getByLabel('Email Address').fill('ada@example.com');
      await page.getByRole('button', { name: 'Send Message via Email Client' }).click();
      await page.getByText('Opening Email Client').waitFor();
      await expect(
        page.getByText('Please send your message using your default email application.').isVisible(),
      ).resolves.toBe(true);
      const href = await page.evaluate(() => (window as unknown as { mailto: string }).mailto);
      expect(href).toBe(
        `mailto:info@ilerahealth.example?subject=${encodeURIComponent('Fees & times?')}&body=${encodeURIComponent('Name: Ada Obi\nEmail: ada@example.com\n\nMessage:\nHow much is a visit?')}`,
      );
      for (const label of ['Full Name', 'Email Address', 'Subject', 'Message'])
        expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe('');
      expect(await page.getByRole('alert').filter({ hasText: 'There is a problem' }).count()).toBe(0);
      expect(await page.getByLabel('Message', { exact: true }).getAttribute('rows')).toBe('5');
      expect(consoleErrors).toEqual([]);
    },
  );

  browserTest('works after client-side navigation too', async ({ open }) => {
    const { page, consoleErrors } = await open('/services');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL('**/contact');
    await captureMailto(page);
    await page.getByLabel('Full Name').waitFor();
    await page.getByLabel('Full Name').fill('Ada Obi');
    await page.getByLabel('Email Address').fill('ada@example.com');
    await page.getByLabel('Subject').fill('Hello');
    await page.getByLabel('Message', { exact: true }).fill('A question');
    await page.getByRole('button', { name: 'Send Message via Email Client' }).click();
    await page.getByText('Opening Email Client').waitFor();
    expect(await page.evaluate(() => (window as unknown as { mailto: string }).mailto)).toContain('subject=Hello');
    expect(await page.title()).toMatch(/^Contact Us - /);
    expect(consoleErrors).toEqual([]);
  });

  browserTest('loads the map only when asked, 225 px high, with a link to open it elsewhere', async ({ open }) => {
    const { page, externalRequests } = await open('/contact');
    await waitForHydration(page);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(externalRequests).toEqual([]);
    const placeholder = page.getByTestId('office-map-placeholder');
    expect(Math.round((await placeholder.boundingBox())!.height)).toBe(225);
    expect(await page.getByRole('link', { name: /Open map in a new tab/ }).getAttribute('href')).toMatch(
      /^https:\/\/www\.openstreetmap\.org\//,
    );
    await page.getByRole('button', { name: 'Show map' }).click();
    const frame = page.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/);
    expect(Math.round((await frame.boundingBox())!.height)).toBe(225);
  });

  browserTest('has the FAQ under #faq as disclosure widgets', async ({ open }) => {
    const { page } = await open('/contact#faq');
    const items = page.locator('#faq details');
    expect(await items.count()).toBeGreaterThanOrEqual(8);
    const first = items.first();
    expect(await first.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await first.locator('summary').click();
    expect(await first.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
  });
});

describe('symptom checker', () => {
  browserTest(
    'runs the whole flow: disclaimer, disabled buttons, Back clears, answer clears, Start Over, results',
    async ({ open }) => {
      const { page, consoleErrors } = await open('/self-diagnoses', MOBILE);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { name: 'Important Disclaimer' }).isVisible()).resolves.toBe(true);
      const disclaimer = await page.locator('main').innerText();
      for (const text of [
        'Chest pain',
        'Severe difficulty breathing',
        'Heavy bleeding',
        'Fainting',
        'Fits (seizures)',
        '112',
        '767',
      ])
        expect(disclaimer).toContain(text);

      await page.getByRole('button', { name: 'I Understand and Agree' }).click();
      const next = page.getByRole('button', { name: 'Next' });
      await next.waitFor();
      expect(await page.getByRole('heading', { name: 'Important Disclaimer' }).count()).toBe(0);
      const step1 = page.getByRole('group', { name: /Primary/ });
      expect(await step1.getByRole('radio').count()).toBe(4);
      expect(await next.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
      await step1.getByLabel('Fever').check();
      expect(await next.isEnabled()).toBe(true);
      await next.click();

      const step2 = page.getByRole('group', { name: /Secondary/ });
      await step2.waitFor();
      expect(await next.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Back' }).click();
      await step1.waitFor();
      expect(await step1.getByLabel('Fever').isChecked()).toBe(true);
      await next.click();
      await step2.getByLabel('Shortness of Breath').check();
      await next.click();

      const step3 = page.getByRole('group', { name: /Additional/ });
      await step3.waitFor();
      const show = page.getByRole('button', { name: 'Show results' });
      expect(await show.isDisabled()).toBe(true);
      await step3.getByLabel('Dizziness').check();
      await show.click();

      const results = page.getByRole('region', { name: 'Possible conditions' });
      await results.waitFor();
      const text = await results.innerText();
      // The most urgent care level comes first, in plain words; shortness of breath means within 24 hours at least.
      expect(text.indexOf('See a doctor within 24 hours')).toBeLessThan(text.indexOf('Malaria'));
      expect(text).toContain('This is not a diagnosis');
      expect(
        await results
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading') })
          .getByRole('heading')
          .allInnerTexts(),
      ).toEqual(['Malaria', 'Typhoid fever', 'Flu (influenza)', 'COVID-19']);
      expect(await results.getByRole('link', { name: 'Book an Appointment' }).getAttribute('href')).toBe(
        '/services/book-appointment',
      );
      expect(await results.getByRole('link', { name: 'Message Us on WhatsApp' }).getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/\d+\?text=/,
      );

      // Choosing another answer clears the results.
      await step3.getByLabel('Rash').check();
      expect(await results.count()).toBe(0);
      await show.click();
      await results.waitFor();
      // Back clears the results.
      await page.getByRole('button', { name: 'Back' }).click();
      await step2.waitFor();
      expect(await results.count()).toBe(0);
      await next.click();
      await show.click();
      await results.waitFor();

      // Start Over resets the answers and returns to step 1.
      await page.getByRole('button', { name: 'Start Over' }).click();
      await step1.waitFor();
      expect(await results.count()).toBe(0);
      expect(await step1.getByRole('radio', { checked: true }).count()).toBe(0);
      expect(await next.isDisabled()).toBe(true);

      // 'Open the Chat' asks the chat launcher to open its panel.
      await step1.getByLabel('Cough').check();
      await next.click();
      await step2.getByLabel('Body Aches').check();
      await next.click();
      await step3.getByLabel('Runny Nose').check();
      await show.click();
      await page.evaluate(() =>
        window.addEventListener(
          'app:open-chat',
          () => ((window as unknown as { chatOpened: boolean }).chatOpened = true),
        ),
      );
      await results.getByRole('button', { name: 'Open the Chat' }).click();
      expect(await page.evaluate(() => (window as unknown as { chatOpened?: boolean }).chatOpened)).toBe(true);
      expect(consoleErrors).toEqual([]);
    },
  );

  browserTest('keeps keyboard focus on the step heading when moving between steps', async ({ open }) => {
    const { page } = await open('/self-diagnoses', DESKTOP);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'I Understand and Agree' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Next' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'symptom-step-heading');
  });
});
