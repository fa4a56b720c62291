import { describe, expect } from 'vitest';
import { createSession, generateSessionToken } from '../../server/auth/session';
import { users } from '../../server/data/users';
import { lagosToday } from '../../shared/lagos-date';
import { DESKTOP, MOBILE, axeViolations, waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { startSiteServer } from '../helpers/site-server';
import { linkIn, startSmtpServer, type ReceivedMail } from '../helpers/smtp-test-server';
import { uniqueEmail } from '../helpers/unique-email';
import { PASSWORD, startForm } from './auth-helpers';
import { waitLikeAPerson } from './forms-helpers';

/** The decoded text/calendar part of a received message. */
function calendarPartOf(mail: ReceivedMail): string {
  const part = mail.raw.split(/\r?\n--/).find((section) => /Content-Type: text\/calendar/i.test(section));
  if (!part) throw new Error('No text/calendar part');
  const [headers, ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join('\n\n');
  return /base64/i.test(headers!) ? Buffer.from(content.replace(/\s/g, ''), 'base64').toString('utf8') : content;
}

describe('a request from booking to the patient’s dashboard, with a real SMTP server (issue #13)', () => {
  browserTest(
    'book → receipt mail → live in the staff inbox → claim, confirm with a date and a message → mail with .ics → sign up, log in, see it',
    async ({ browser, contexts }) => {
      const smtp = await startSmtpServer();
      const site = await startSiteServer({ SMTP_URL: smtp.url });
      try {
        const email = uniqueEmail('amaka');
        const context = async (options = DESKTOP) => {
          const created = await browser.newContext({ ...options, baseURL: site.baseUrl });
          contexts.push(created);
          return created;
        };

        // A staff member has the inbox open.
        const db = site.openDatabase();
        const staffUser = await users.create(db, {
          email: uniqueEmail('staff'),
          fullName: 'Tolu Staff',
          passwordHash: 'unused',
          role: 'agent',
          confirmed: true,
        });
        const token = generateSessionToken();
        await createSession(db, token, staffUser.id, 'agent');
        await db.destroy();
        const staffContext = await context(DESKTOP);
        await staffContext.addCookies([
          { name: 'session', value: token, url: site.baseUrl, httpOnly: true, sameSite: 'Lax' },
        ]);
        const staff = await staffContext.newPage();
        await staff.goto('/staff');
        await staff.getByText('Live', { exact: true }).waitFor();

        // 1. A visitor books an appointment on a phone.
        const visitor = await (await context(MOBILE)).newPage();
        await visitor.goto('/services/book-appointment');
        await waitForHydration(visitor);
        await startForm(visitor, 'Full Name');
        await visitor.getByLabel('Full Name', { exact: true }).fill('Amaka Journey');
        await visitor.getByLabel('Email Address', { exact: true }).fill(email);
        await visitor.getByLabel('Preferred Date').fill(lagosToday());
        await visitor.getByLabel('Service Type').selectOption('Specialist Consultation');
        await waitLikeAPerson(visitor);
        await visitor.getByRole('button', { name: 'Request Appointment' }).click();
        const sent = visitor
          .getByRole('status')
          .filter({ hasText: /Your reference is APT-/ })
          .first();
        await sent.waitFor();
        const reference = /APT-[2-9A-Z]{5}/.exec((await sent.textContent()) ?? '')![0];

        // 2. The receipt arrives over SMTP.
        const receipt = await smtp.waitForMail(
          (mail) => mail.to.includes(email) && mail.subject.includes('We received'),
        );
        expect(receipt.decoded).toContain(`Your reference is ${reference}.`);
        expect(receipt.decoded).toContain('Service: Specialist Consultation');

        // 3. It appears live in the staff inbox.
        await staff.getByRole('link', { name: reference }).waitFor({ timeout: 5000 });

        // 4. Staff claim it, confirm it with a date and a message.
        await staff.getByRole('link', { name: reference }).click();
        await staff.getByRole('button', { name: 'Claim', exact: true }).click();
        await staff.getByText('You own this request now.').waitFor();
        // One 'Message to the patient' field (issue #29.5): the confirmation mail carries the latest message.
        await staff
          .getByRole('textbox', { name: /^Message to the patient/ })
          .fill('Dr Okafor will see you. Bring your old results.');
        await staff.getByRole('button', { name: 'Send message' }).click();
        await staff.getByText(/^Message saved\./).waitFor();
        await staff.getByRole('radio', { name: 'Confirmed' }).check();
        await staff.getByLabel('Confirmed date').fill('2026-12-03');
        await staff.getByLabel('Confirmed time (Lagos)').fill('15:45');
        await staff.getByRole('button', { name: 'Confirm', exact: true }).click();
        await staff.getByText('Status changed to Confirmed.').waitFor();

        // 5. The patient's mail arrives with the calendar file.
        const confirmation = await smtp.waitForMail(
          (mail) => mail.to.includes(email) && mail.subject.includes('is confirmed'),
        );
        expect(confirmation.decoded).toContain('Thursday 3 December 2026 at 15:45 (Lagos time, WAT)');
        expect(confirmation.decoded).toContain('Dr Okafor will see you. Bring your old results.');
        expect(confirmation.raw).toMatch(new RegExp(`filename=${reference}\\.ics`));
        expect(calendarPartOf(confirmation)).toContain('DTSTART:20261203T144500Z');

        // 6. The patient signs up with that address, confirms it, logs in and sees the request.
        const patient = await (await context(MOBILE)).newPage();
        await patient.goto('/signup');
        await waitForHydration(patient);
        await startForm(patient, 'Full Name');
        await patient.getByLabel('Full Name', { exact: true }).fill('Amaka Journey');
        await patient.getByLabel('Email Address', { exact: true }).fill(email.toUpperCase());
        await patient.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await patient.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
        await patient.getByRole('button', { name: 'Create Account' }).click();
        const welcome = await smtp.waitForMail(
          (mail) => mail.to.some((to) => to.toLowerCase() === email) && mail.subject.includes('Confirm your email'),
        );
        await patient.goto(`/confirm-email?token=${linkIn(welcome, '/confirm-email').searchParams.get('token')}`);
        await waitForHydration(patient);
        await patient.getByRole('button', { name: 'Confirm my email address' }).click();
        await patient.getByText('Your email address is confirmed. You can log in now.').waitFor();
        await patient.goto('/login');
        await startForm(patient, 'Email Address');
        await patient.getByLabel('Email Address', { exact: true }).fill(email);
        await patient.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await patient.getByRole('button', { name: 'Log In', exact: true }).click();
        await patient.waitForURL('**/dashboard');
        const myRequests = patient.getByRole('region', { name: 'My requests' });
        await myRequests.getByText(reference).waitFor();
        const text = await myRequests.textContent();
        expect(text).toContain('Confirmed');
        expect(text).toContain('Thursday 3 December 2026 at 15:45 (Lagos time, WAT)');
        expect(text).toContain('Dr Okafor will see you. Bring your old results.');
        expect(await axeViolations(patient)).toEqual([]);
      } finally {
        await site.close();
        await smtp.close();
      }
    },
  );
});
