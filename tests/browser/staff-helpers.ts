/** Helpers for the staff app browser tests (not a test file itself). */
import type { Page } from 'playwright-core';
import { MIN_FILL_MS } from '../../shared/form-messages';
import { lagosToday } from '../../shared/lagos-date';
import { baseUrl } from '../helpers/browser';

let submissions = 0;

/** Books an appointment as the public form does (over HTTP), with `phone` as typed if given; returns its reference. */
export async function bookAppointment(fullName: string, email: string, base = baseUrl(), phone?: string) {
  submissions += 1;
  const response = await fetch(`${base}/trpc/forms.submitAppointment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      fullName,
      email,
      phone: phone ?? `0803 555 ${String(1000 + submissions)}`,
      preferredDate: lagosToday(),
      preferredTime: '10-11 AM',
      serviceType: 'General Check-up',
      message: 'Yearly check-up, please.',
      website: '',
      fillMs: MIN_FILL_MS + 1000,
    }),
  });
  if (response.status !== 200) throw new Error(`booking failed: ${response.status} ${await response.text()}`);
  const json = (await response.json()) as { result: { data: { reference: string } } };
  return json.result.data.reference;
}

/** Presses Tab until `matches` says the focused element is the one wanted; fails after `max` presses. */
export async function tabTo(page: Page, matches: () => Promise<boolean>, max = 60) {
  for (let presses = 0; presses < max; presses++) {
    if (await matches()) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Never reached the control with Tab');
}

/** The accessible-ish name of the focused element: its label text, aria-label or text. */
export const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const id = element.getAttribute('id');
    const label = id ? document.querySelector(`label[for="${id}"]`)?.textContent : null;
    return (label ?? element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
  });
