import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DESKTOP, MOBILE, waitForHydration } from '../helpers/browser';
import { failSubmissions, slowSubmissions, startForm, waitLikeAPerson } from './forms-helpers';
import { expectToast } from '../helpers/toast';
import { browserTest } from '../helpers/browser-test';
const PATH = '/apply/data-analyst';

async function fillValid(page: Page) {
  await page.getByLabel('Full Name', { exact: true }).fill('Adaeze Okafor');
  await page.getByLabel('Email Address', { exact: true }).fill('adaeze@example.com');
  await page.getByLabel('Phone Number').fill('+234 803 123 4567');
  await page.getByLabel('Resume Link').fill('https://drive.example.com/adaeze-cv.pdf');
  await page.getByLabel('Cover Letter').fill('I have three years of experience with health data.');
}

describe('job application on /apply/{slug}', () => {
  browserTest(
    'has the resume hint tied to the field, a 6-row cover letter, and optional phone and cover letter',
    async ({ open }) => {
      const { page } = await open(PATH);
      await waitForHydration(page);
      const resume = page.getByLabel('Resume Link');
      const hintId = ((await resume.getAttribute('aria-describedby')) ?? '').split(' ')[0];
      await expect(page.locator(`#${hintId}`).textContent()).resolves.toBe(
        'Give a link to your resume, such as a file-sharing or professional profile link.',
      );
      await expect(page.getByLabel('Cover Letter').getAttribute('rows')).resolves.toBe('6');
      await expect(page.getByLabel('Phone Number (optional)').count()).resolves.toBe(1);
      await expect(page.getByLabel('Cover Letter (optional)').count()).resolves.toBe(1);
    },
  );

  browserTest('accepts only http or https resume links', async ({ open }) => {
    const { page } = await open(PATH);
    await waitForHydration(page);
    await startForm(page, 'Full Name');
    await fillValid(page);
    await page.getByLabel('Resume Link').fill('ftp://files.example.com/cv.pdf');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText(/^Error: Enter a link that starts with http:\/\/ or https:\/\//).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('application-resume-link');
  });

  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    browserTest(
      `submits at ${name} px: busy label, success toast with the reference, form cleared`,
      async ({ open }) => {
        const { page, consoleErrors } = await open(PATH, viewport);
        await waitForHydration(page);
        await startForm(page, 'Full Name');
        await fillValid(page);
        await waitLikeAPerson(page);
        await slowSubmissions(page);
        await page.getByRole('button', { name: 'Submit Application' }).click();
        const busy = page.getByRole('button', { name: 'Submitting Application...' });
        await busy.waitFor();
        await expect(busy.isDisabled()).resolves.toBe(true);
        await expectToast(
          page,
          'Application Submitted!',
          /^Thank you for applying\. We'll be in touch\. Your reference is JOB-[2-9A-Z]{5}\.$/,
        );
        await expect(page.getByLabel('Full Name', { exact: true }).inputValue()).resolves.toBe('');
        await expect(page.getByLabel('Cover Letter').inputValue()).resolves.toBe('');
        expect(consoleErrors).toEqual([]);
      },
    );
  }

  browserTest('keeps the data and shows Application Failed when the server fails', async ({ open }) => {
    const { page } = await open(PATH);
    await waitForHydration(page);
    await startForm(page, 'Full Name');
    await fillValid(page);
    await waitLikeAPerson(page);
    await failSubmissions(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expectToast(page, 'Application Failed', 'Could not submit your application. Please try again.');
    await expect(page.getByLabel('Resume Link').inputValue()).resolves.toBe('https://drive.example.com/adaeze-cv.pdf');
  });
});
