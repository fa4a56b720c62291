import { describe, expect } from 'vitest';
import { DESKTOP, MOBILE, axeViolations, waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { linkFromOutbox } from '../helpers/outbox';
import { uniqueEmail } from '../helpers/unique-email';
import { PASSWORD, startForm } from './auth-helpers';
import { signInAs } from './chat-helpers';
import { bookAppointment, focusedName, tabTo } from './staff-helpers';

describe('the staff app (issue #13)', () => {
  browserTest(
    'sends anonymous visitors to log in, shows patients "Staff only", and /agent to Chats',
    async ({ open, newContext }) => {
      const anonymous = await open('/staff');
      await anonymous.page.waitForURL('**/login?next=%2Fstaff');

      const patientContext = await newContext(DESKTOP);
      await signInAs(patientContext, 'patient', 'Bisi Patient');
      const patient = await patientContext.newPage();
      await patient.goto('/staff');
      await patient.getByRole('heading', { level: 1, name: 'Staff only' }).waitFor();
      expect(await patient.getByText('This page is for staff only.').isVisible()).toBe(true);
      expect(await axeViolations(patient)).toEqual([]);

      const agentContext = await newContext(DESKTOP);
      await signInAs(agentContext, 'agent', 'Chioma Agent');
      const agent = await agentContext.newPage();
      await agent.goto('/agent');
      await agent.waitForURL('**/staff/chats');
      await agent.getByRole('heading', { level: 1, name: 'Support console' }).waitFor();
      expect(await agent.getByRole('link', { name: 'Chats' }).getAttribute('aria-current')).toBe('page');
      // No public header, footer or chat launcher inside the staff app.
      expect(await agent.locator('.app-header, .app-footer').count()).toBe(0);
      expect(await agent.getByRole('button', { name: /Chat Support/ }).count()).toBe(0);
    },
  );

  browserTest(
    'lists requests live, filters and searches them, and every staff page passes axe at 1280 and 375 px',
    async ({ newContext }) => {
      const reference = await bookAppointment('Adaora Live', uniqueEmail('adaora', 'example.com'));
      const adminContext = await newContext(DESKTOP);
      await signInAs(adminContext, 'admin', 'Emeka Admin');
      const admin = await adminContext.newPage();
      // Every request, newest first (the default view is open work by what is due: issue #29.6).
      await admin.goto('/staff?status=all');
      const table = admin.getByRole('table', { name: 'Requests, newest first' });
      await table.getByRole('link', { name: reference }).waitFor();
      await admin.getByText('Live', { exact: true }).waitFor();
      expect(await admin.title()).toMatch(/^\(\d+\) Inbox · Staff/);

      // A new booking appears without a reload, at the top.
      const later = await bookAppointment('Tobi Arrives', uniqueEmail('tobi', 'example.com'));
      await table.getByRole('link', { name: later }).waitFor({ timeout: 5000 });
      expect(await table.locator('tbody tr').first().textContent()).toContain(later);

      // Search by name goes into the URL as typing pauses (no Apply button: issue #29.6) and asks the server.
      await admin.getByLabel('Search', { exact: true }).fill('Adaora Live');
      await admin.waitForURL(/search=Adaora\+Live/);
      await admin.waitForFunction((ref) => !document.body.textContent.includes(ref), later);
      // The old rows went first; the search's rows follow once the server answers (PostgreSQL CI: not at once).
      await table.getByRole('link', { name: reference }).waitFor();
      expect(await table.getByRole('link', { name: reference }).isVisible()).toBe(true);
      expect(await admin.locator('main').textContent()).not.toContain(later);
      // The export link carries the same filter.
      expect(await admin.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
        '/staff/export.csv?status=all&search=Adaora+Live',
      );

      for (const viewport of [DESKTOP, MOBILE]) {
        await admin.setViewportSize(viewport.viewport!);
        for (const [path, heading] of [
          ['/staff', 'Inbox'],
          ['/staff/messages', 'Messages'],
          ['/staff/newsletter', 'Newsletter'],
          ['/staff/chats', 'Support console'],
          ['/staff/team', 'Team'],
          ['/staff/audit', 'Audit'],
          ['/staff/availability', 'Availability'],
          ['/staff/calendar', 'Calendar'],
        ] as const) {
          await admin.goto(path);
          await admin.getByRole('heading', { level: 1, name: heading }).waitFor();
          // Loaded: not a loading line any more.
          if (path === '/staff/chats') await admin.getByText(/^Signed in as/).waitFor();
          await admin.waitForFunction(
            () => !/Loading|Checking/.test(document.querySelector('main')?.textContent ?? ''),
          );
          expect({ path, width: viewport.viewport!.width, violations: await axeViolations(admin) }).toEqual({
            path,
            width: viewport.viewport!.width,
            violations: [],
          });
        }
        await admin.goto('/staff?status=all');
        await admin.getByRole('link', { name: reference }).click();
        await admin.getByRole('heading', { level: 1, name: `Appointment ${reference}` }).waitFor();
        expect(await axeViolations(admin)).toEqual([]);
      }
    },
  );

  browserTest(
    'a request is triaged with the keyboard alone: claim, note, confirm with a date and a message',
    async ({ newContext }) => {
      const reference = await bookAppointment('Kemi Keyboard', uniqueEmail('kemi', 'example.com'));
      const context = await newContext(DESKTOP);
      await signInAs(context, 'agent', 'Ifeoma Agent');
      const page = await context.newPage();
      await page.goto('/staff?status=all');
      const link = page.getByRole('link', { name: reference });
      await link.waitFor();
      await tabTo(page, async () => (await focusedName(page)) === reference);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: `Appointment ${reference}` }).waitFor();

      // Claim.
      await tabTo(page, async () => (await focusedName(page)) === 'Claim');
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'You own this request now.' }).waitFor();
      // The focus went to the line that says so (the Claim button is gone).
      await page.waitForFunction(() => document.activeElement?.textContent === 'You own this request now.');

      // An empty note: the form says so once, in its summary and at its field; the answer line stays quiet.
      await tabTo(page, async () => (await focusedName(page)) === 'Add note');
      await page.keyboard.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'Enter a note.' }).waitFor();
      // The page's empty assertive live region is an alert too: count the ones that say something.
      expect(await page.getByRole('alert').filter({ hasText: /\S/ }).count()).toBe(1);
      expect(await page.locator('.app-staff__notice').textContent()).toBe('');

      // An internal note.
      await tabTo(page, async () => (await focusedName(page)) === 'Internal note');
      await page.keyboard.type('Called her, she prefers mornings.');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Note added.' }).waitFor();

      // Confirm: choose the radio with arrow keys, then the date (prefilled with the preferred one) and time.
      await tabTo(
        page,
        async () => (await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)) === 'status',
      );
      while (!(await page.getByRole('radio', { name: 'Confirmed' }).isChecked()))
        await page.keyboard.press('ArrowDown');
      await tabTo(page, async () => (await focusedName(page)) === 'Confirmed date');
      // Native date and time controls: the typed format follows the browser's locale, so the value is set directly.
      await page.getByLabel('Confirmed date').fill('2026-12-01');
      await page.getByLabel('Confirmed time (Lagos)').fill('09:30');
      await tabTo(page, async () => (await focusedName(page)) === 'Confirm');
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Status changed to Confirmed.' }).waitFor();
      // The one 'Message to the patient' field (issue #29.5).
      await tabTo(page, async () => (await focusedName(page)).startsWith('Message to the patient'));
      await page.keyboard.type('Please come 10 minutes early.');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page
        .getByRole('status')
        .filter({ hasText: /^Message saved\./ })
        .waitFor();

      const history = page.getByRole('region', { name: 'History' });
      await history
        .getByText('Status New → Confirmed for Tuesday 1 December 2026 at 09:30 (Lagos time, WAT).')
        .waitFor();
      expect(await history.textContent()).toContain('Called her, she prefers mornings.');
      await history.getByText('Please come 10 minutes early.').waitFor();
      expect(await history.textContent()).toContain('Assigned to Ifeoma Agent.');
    },
  );

  browserTest(
    'an admin invites a colleague from Team; the colleague sets a password from the mail and lands in the staff app',
    async ({ newContext }) => {
      const email = uniqueEmail('new.colleague');
      const adminContext = await newContext(DESKTOP);
      await signInAs(adminContext, 'admin', 'Ronke Admin');
      const admin = await adminContext.newPage();
      await admin.goto('/staff/team');
      await admin.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
      await admin.getByLabel('Full name').fill('Nneka Colleague');
      await admin.getByLabel('Email address').fill(email);
      await admin.getByRole('button', { name: 'Send invitation' }).click();
      await admin
        .getByRole('status')
        .filter({ hasText: `Invitation sent to ${email}.` })
        .waitFor();
      await admin.getByRole('cell', { name: email }).waitFor();

      const link = await linkFromOutbox(email, 'You are invited', '/staff/welcome');
      for (const viewport of [MOBILE, DESKTOP]) {
        const probe = await (await newContext(viewport)).newPage();
        await probe.goto('/staff/welcome?token=abcdefghijklmnopqrstuvwxyz234567');
        await waitForHydration(probe);
        expect(await axeViolations(probe)).toEqual([]);
      }
      const colleague = await (await newContext(MOBILE)).newPage();
      await colleague.goto(link);
      await waitForHydration(colleague);
      await colleague.getByRole('heading', { level: 1, name: 'Set Your Password' }).waitFor();
      await startForm(colleague, 'New Password');
      await colleague.getByLabel('New Password', { exact: true }).fill(PASSWORD);
      await colleague.getByLabel('Confirm New Password', { exact: true }).fill(PASSWORD);
      await colleague.getByRole('button', { name: 'Save New Password' }).click();
      await colleague.waitForURL('**/staff');
      await colleague.getByText('Nneka Colleague (agent)').waitFor();
    },
  );
});
