/**
 * Every stored form with JavaScript off (issue #15): a plain HTML post is validated with the same schema and stored,
 * then Post/Redirect/Get shows the success message (and reference); a refused post shows the error summary and the
 * field messages with the visitor's values kept, and passes axe.
 */
import { describe, expect } from 'vitest';
import { DESKTOP } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { servedCopyChecker, storedForms as forms, storedRows } from './forms-helpers';
import { uniqueEmail } from '../helpers/unique-email';

describe('stored forms with JavaScript off', () => {
  for (const form of forms) {
    browserTest(
      `${form.path}: stored and shown once; a bad e-mail, a missing field (and a past date) keep the values`,
      async ({ newContext }) => {
        const context = await newContext({ ...DESKTOP, javaScriptEnabled: false });
        const page = await context.newPage();
        const violationsAsServed = await servedCopyChecker(newContext, page);
        await page.goto(form.path);

        // A mistake first: the page comes back with the summary, the field's message and what was typed.
        await form.fill(page, 'not-an-email');
        await page.getByRole('button', { name: form.submit }).click();
        await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
        const emailField = page.getByLabel('Email Address', { exact: true });
        expect(await emailField.inputValue()).toBe('not-an-email');
        expect(await emailField.getAttribute('aria-invalid')).toBe('true');
        const summaryLink = page.getByRole('link', { name: /Enter an email address in the correct format/ });
        expect(await summaryLink.getAttribute('href')).toBe(`#${await emailField.getAttribute('id')}`);
        if (form.path !== '/resources')
          expect(await page.getByLabel('Full Name', { exact: true }).inputValue()).toBe('Amaka No-Script');
        expect(await violationsAsServed()).toEqual([]);

        // A required field left empty: its own message, the rest kept.
        await form.fill(page, 'kept@example.com');
        const required = form.path === '/resources' ? 'Email Address' : 'Full Name';
        await page.getByLabel(required, { exact: true }).fill('');
        await page.getByRole('button', { name: form.submit }).click();
        await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
        const requiredMessage = form.path === '/resources' ? 'Enter your email address.' : 'Enter your full name.';
        await page.getByRole('link', { name: requiredMessage }).waitFor();
        expect(await page.getByLabel(required, { exact: true }).getAttribute('aria-invalid')).toBe('true');
        if (form.path !== '/resources') expect(await emailField.inputValue()).toBe('kept@example.com');

        if (form.table === 'appointments') {
          // A date before today (in Lagos): named, and the date kept as typed.
          await form.fill(page, 'kept@example.com');
          await page.getByLabel('Preferred Date').fill('2020-01-15');
          await page.getByRole('button', { name: form.submit }).click();
          await page.getByRole('link', { name: 'Preferred date cannot be before today.' }).waitFor();
          expect(await page.getByLabel('Preferred Date').inputValue()).toBe('2020-01-15');
        }

        // Corrected: stored, and the page it returns to says so.
        const email = uniqueEmail('noscript');
        await form.fill(page, email);
        await page.getByRole('button', { name: form.submit }).click();
        await page.waitForURL(/[?&]sent=/);
        const notice = page.getByRole('status').filter({ hasText: form.success });
        await notice.waitFor();
        if (form.reference) expect(await notice.textContent()).toMatch(/[A-Z]{3}-[2-9A-Z]{5}/);
        expect(await storedRows(form.table, email)).toHaveLength(1);
        // Reloading the page it returned to sends nothing again (Post/Redirect/Get).
        await page.reload();
        await notice.waitFor();
        expect(await storedRows(form.table, email)).toHaveLength(1);
        expect(await violationsAsServed()).toEqual([]);
      },
    );
  }
});
