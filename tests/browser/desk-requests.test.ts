/**
 * The front desk's requests (issue #29.5–7) with two staff, an admin and an agent: confirm in two clicks, cancel that
 * asks, take over with a notice, j/k/c and '?', bulk assign, the call log, one printed A4 page, and the staff app at
 * 375 px (Status and Owner on screen, nothing sideways), with axe at 375 and 1280 px on the inbox and a request.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { formatLagosShort, lagosToday } from '../../shared/lagos-date';
import { DESKTOP, MOBILE, axeViolations } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { uniqueEmail } from '../helpers/unique-email';
import { waitFor } from '../helpers/wait-for';
import { signInAs } from './chat-helpers';
import { bookAppointment } from './staff-helpers';

/** Counts the clicks a task takes: every pointer press on the page. */
async function countClicks(page: Page) {
  await page.evaluate(() => {
    const win = window as unknown as { clicks: number };
    win.clicks = 0;
    document.addEventListener('pointerdown', () => (win.clicks += 1), true);
  });
  return () => page.evaluate(() => (window as unknown as { clicks: number }).clicks);
}

const loaded = (page: Page) =>
  page.waitForFunction(() => !/Loading/.test(document.querySelector('main')?.textContent ?? ''));

describe('the front desk: requests in fewer clicks, triage and speed (issue #29.5–7)', () => {
  browserTest(
    'confirm, cancel, take over, keys, bulk, call log, print and 375 px, with an admin and an agent',
    async ({ newContext }) => {
      const tag = `Desk${Date.now().toString(36)}`;
      const names = ['Ada', 'Bayo', 'Chika'].map((first) => `${first} ${tag}`);
      const references: string[] = [];
      for (const name of names) references.push(await bookAppointment(name, uniqueEmail(first(name), 'example.com')));
      const [adaRef, bayoRef, chikaRef] = references as [string, string, string];

      const adminContext = await newContext(DESKTOP);
      await signInAs(adminContext, 'admin', 'Emeka Admin');
      const agentContext = await newContext(DESKTOP);
      await signInAs(agentContext, 'agent', 'Ifeoma Agent');
      const admin = await adminContext.newPage();
      const agent = await agentContext.newPage();

      // The agent's inbox: open work by what is due; the search applies as typing pauses, into the URL.
      await agent.goto('/staff');
      await agent.getByText('Live', { exact: true }).waitFor();
      expect(await agent.getByRole('link', { name: 'Open work' }).getAttribute('aria-current')).toBe('page');
      await agent.getByLabel('Search', { exact: true }).fill(tag);
      await agent.waitForURL(new RegExp(`search=${tag}`));
      const table = agent.getByRole('table', { name: 'Requests, by what is due first' });
      for (const reference of references) await table.getByRole('link', { name: reference }).waitFor();
      expect(await agent.getByRole('button', { name: 'Apply' }).count()).toBe(0);
      // Oldest first, and dates with their weekday.
      expect(await table.locator('tbody tr td:nth-child(2)').allTextContents()).toEqual(references);
      const firstRow = (await table.locator('tbody tr').first().textContent()) ?? '';
      expect(firstRow).toMatch(/Asked for (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d+ \w{3}/);
      expect(firstRow).toMatch(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d+ \w{3} \d{4}, \d{2}:\d{2}/);
      expect(await axeViolations(agent)).toEqual([]);

      // Keys: j, j, k move through the rows; c claims the one in focus; '?' shows the keys; none fire in a field.
      await agent.locator('h1').click();
      await agent.keyboard.press('j');
      await agent.keyboard.press('j');
      await agent.keyboard.press('k');
      await waitFor(async () => (await agent.evaluate(() => document.activeElement?.textContent)) === adaRef);
      await agent.keyboard.press('c');
      await agent
        .getByRole('status')
        .filter({ hasText: `You own ${adaRef} now.` })
        .waitFor();
      await agent.keyboard.press('?');
      const help = agent.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor();
      await agent.keyboard.press('Escape');
      await help.waitFor({ state: 'hidden' });
      await agent.getByLabel('Search', { exact: true }).focus();
      await agent.keyboard.press('j');
      expect(await agent.getByLabel('Search', { exact: true }).inputValue()).toBe(`${tag}j`);
      await agent.waitForURL(new RegExp(`search=${tag}j$`));
      await agent.getByLabel('Search', { exact: true }).fill(tag);
      await agent.waitForURL(new RegExp(`search=${tag}$`));

      // Confirm in two clicks: the request, then 'Confirm for <the patient's preferred time>'.
      const clicks = await countClicks(agent);
      await table.getByRole('link', { name: adaRef }).click();
      await agent.getByRole('heading', { level: 1, name: `Appointment ${adaRef}` }).waitFor();
      await agent.getByRole('button', { name: `Confirm for ${formatLagosShort(`${lagosToday()}T10:00`)}` }).click();
      await agent.getByRole('status').filter({ hasText: 'Status changed to Confirmed.' }).waitFor();
      expect(await clicks()).toBe(2);
      const history = agent.getByRole('region', { name: 'History' });
      await history.getByText('Assigned to Ifeoma Agent.').waitFor();

      // '← Inbox' goes back to the filtered inbox.
      await agent.getByRole('link', { name: '← Inbox' }).click();
      await agent.waitForURL(new RegExp(`search=${tag}`));

      // Cancel asks first, and says the reason goes to the patient.
      await table.getByRole('link', { name: bayoRef }).click();
      await agent.getByRole('heading', { level: 1, name: `Appointment ${bayoRef}` }).waitFor();
      await agent.getByRole('radio', { name: 'Cancelled' }).check();
      await agent.getByLabel(/^Reason for cancelling/).fill('The clinic is closed that day.');
      await agent.getByRole('button', { name: 'Cancel request…' }).click();
      await agent.getByText(`Cancel ${bayoRef}? The reason goes to the patient.`).waitFor();
      expect(await agent.getByRole('radio', { name: 'Cancelled' }).isChecked()).toBe(true);
      await agent.getByRole('button', { name: 'Yes, cancel and tell the patient' }).click();
      await agent.getByRole('status').filter({ hasText: 'Status changed to Cancelled.' }).waitFor();
      expect(await agent.getByRole('textbox', { name: /^Message to the patient/ }).count()).toBe(1);

      // The admin reopens it, in its history.
      await admin.goto(`/staff`);
      await admin.getByLabel('Status', { exact: true }).selectOption('all');
      await admin.waitForURL(/status=all/);
      await admin.getByLabel('Search', { exact: true }).fill(tag);
      await admin.waitForURL(new RegExp(`status=all.*search=${tag}`));
      await admin.getByRole('link', { name: bayoRef }).click();
      await admin.getByRole('heading', { level: 1, name: `Appointment ${bayoRef}` }).waitFor();
      await loaded(admin);
      await admin.getByRole('button', { name: 'Reopen request' }).click();
      await admin.getByRole('status').filter({ hasText: 'Reopened: the request is In progress.' }).waitFor();
      await admin.getByRole('region', { name: 'History' }).getByText('Status Cancelled → In progress.').waitFor();

      // The admin claims Chika's; the agent takes it over after the question, and the admin is told.
      await admin.goto('/staff');
      await admin.getByLabel('Search', { exact: true }).fill(tag);
      await admin.waitForURL(new RegExp(`search=${tag}`));
      await admin.getByRole('link', { name: chikaRef }).click();
      await admin.getByRole('button', { name: 'Claim', exact: true }).click();
      await admin.getByRole('status').filter({ hasText: 'You own this request now.' }).waitFor();
      await agent.getByRole('link', { name: '← Inbox' }).click();
      await table.getByRole('link', { name: chikaRef }).click();
      await agent.getByRole('button', { name: 'Take over' }).click();
      await agent.getByText('Take over from Emeka Admin? They will be told.').waitFor();
      await agent.getByRole('button', { name: 'Yes, take over' }).click();
      await agent.getByRole('status').filter({ hasText: 'You own this request now.' }).waitFor();
      await admin.getByText(`Ifeoma Agent took over ${chikaRef} from you.`).waitFor();
      await admin.getByRole('region', { name: 'History' }).getByText('Taken over from Emeka Admin.').waitFor();

      // The call log: no answer, next try tomorrow at 14:00; in the history and in the inbox.
      await agent.getByRole('radio', { name: 'No answer' }).check();
      const tomorrow = new Date(Date.parse(`${lagosToday()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      await agent.getByLabel('Next try: date').fill(tomorrow);
      await agent.getByLabel('Next try: time (Lagos)').fill('14:00');
      await agent.getByRole('button', { name: 'Log the call' }).click();
      await agent.getByRole('status').filter({ hasText: 'Call logged.' }).waitFor();
      await history
        .getByText(`Called the patient: no answer. Next try ${formatLagosShort(`${tomorrow}T14:00`)}.`)
        .waitFor();
      expect(await axeViolations(agent)).toEqual([]);

      // Printed, the request is one A4 page without the navigation.
      const pdf = await agent.pdf({ format: 'A4' });
      expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);

      await agent.getByRole('link', { name: '← Inbox' }).click();
      await table
        .locator('tr', { hasText: chikaRef })
        .getByText(`Call again ${formatLagosShort(`${tomorrow}T14:00`)}`)
        .waitFor();

      // Bulk: two selected, assigned to the admin at once.
      for (const reference of [bayoRef, chikaRef])
        await agent.getByRole('checkbox', { name: `Select ${reference}` }).check();
      const bulk = agent.getByRole('region', { name: '2 requests selected' });
      await bulk.getByLabel('Assign to').selectOption({ label: 'Emeka Admin' });
      await bulk.getByRole('button', { name: 'Assign 2 requests' }).click();
      await agent.getByRole('status').filter({ hasText: '2 requests assigned to Emeka Admin.' }).waitFor();
      await waitFor(async () => (await table.getByText('Emeka Admin', { exact: true }).count()) === 2);

      // 375 px: the bar is short, each request a card with Status and Owner on screen, nothing sideways; axe passes.
      await agent.setViewportSize(MOBILE.viewport!);
      await agent.reload();
      await table.getByRole('link', { name: chikaRef }).waitFor();
      await loaded(agent);
      const row = table.locator('tr', { hasText: chikaRef });
      for (const label of ['Status', 'Owner']) {
        const box = (await row.locator(`td[data-label="${label}"]`).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }
      expect(await agent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const bar = (await agent.locator('.app-staff__bar').boundingBox())!;
      expect(bar.height).toBeLessThan(740 / 3);
      expect(await axeViolations(agent)).toEqual([]);
      await table.getByRole('link', { name: chikaRef }).click();
      await agent.getByRole('heading', { level: 1, name: `Appointment ${chikaRef}` }).waitFor();
      await loaded(agent);
      expect(await agent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await axeViolations(agent)).toEqual([]);

      // Back at 375 px: only the search shows until 'More filters' is opened, so the requests start on screen.
      await agent.getByRole('link', { name: '← Inbox' }).click();
      await table.getByRole('link', { name: chikaRef }).waitFor();
      const filters = agent.getByRole('search', { name: 'Filter requests' });
      expect(await filters.getByLabel('Type').isVisible()).toBe(false);
      expect((await filters.boundingBox())!.height).toBeLessThan(740 / 4);
      // The first request starts on the first screen.
      expect((await table.locator('tr.app-staff__inbox-row').first().boundingBox())!.y).toBeLessThan(740 * 0.75);
      await filters.getByText('More filters').click();
      await filters.getByLabel('Type').waitFor();

      // Bulk cancel: one reason for both, asked first, and it goes to each patient; they leave the open view.
      for (const reference of [bayoRef, chikaRef])
        await agent.getByRole('checkbox', { name: `Select ${reference}` }).check();
      const selected = agent.getByRole('region', { name: '2 requests selected' });
      await selected.getByRole('button', { name: 'Cancel 2 requests…' }).click();
      await selected.getByRole('alert').filter({ hasText: 'Enter a reason.' }).waitFor();
      await selected.getByLabel('Reason for cancelling (sent to each patient)').fill('The clinic is closed on Monday');
      await selected.getByRole('button', { name: 'Cancel 2 requests…' }).click();
      await selected.getByText('Cancel 2 requests? The reason goes to each patient.').waitFor();
      expect(await axeViolations(agent)).toEqual([]);
      await selected.getByRole('button', { name: 'Yes, cancel and tell the patients' }).click();
      await agent.getByRole('status').filter({ hasText: '2 requests cancelled.' }).waitFor();
      await waitFor(async () => (await table.getByRole('link', { name: chikaRef }).count()) === 0);
      expect(await table.getByRole('link', { name: bayoRef }).count()).toBe(0);
    },
  );
});

function first(name: string) {
  return name.split(' ')[0]!.toLowerCase();
}
