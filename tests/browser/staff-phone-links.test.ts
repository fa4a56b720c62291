import { describe, expect } from 'vitest';
import { DESKTOP, axeViolations } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { uniqueEmail } from '../helpers/unique-email';
import { signInAs } from './chat-helpers';
import { bookAppointment } from './staff-helpers';

describe('phone numbers on the staff pages (issue #23.4)', () => {
  browserTest(
    'the number on the caller-ID screen finds the request; its phone and e-mail are links, with WhatsApp for a mobile',
    async ({ newContext }) => {
      const email = uniqueEmail('zainab', 'example.com');
      const reference = await bookAppointment('Zainab Caller', email, undefined, '+234 809 555 1212');
      const context = await newContext(DESKTOP);
      await signInAs(context, 'agent', 'Funke Agent');
      const page = await context.newPage();
      await page.goto(`/staff?search=${encodeURIComponent('0809-555-1212')}`);
      const table = page.getByRole('table', { name: 'Requests, by what is due first' });
      await table.getByRole('link', { name: reference }).click();
      await page.getByRole('heading', { level: 1, name: `Appointment ${reference}` }).waitFor();

      const fields = page.getByRole('region', { name: 'What was sent' });
      const href = (name: string) => fields.getByRole('link', { name, exact: true }).getAttribute('href');
      expect(await href('+234 809 555 1212')).toBe('tel:+2348095551212');
      expect(await href(email)).toBe(`mailto:${email}`);
      expect(await href('WhatsApp')).toBe('https://wa.me/2348095551212');
      expect(await axeViolations(page)).toEqual([]);
    },
  );
});
