/**
 * The staff side of booking in the browser (issue #28.1, #28.7): the Availability page and the Calendar pass axe at
 * phone and desktop widths, an admin sets a clinician's hours with its forms (field errors named), and the front desk
 * books a free time for a caller with the keyboard alone, in two presses of a button from the calendar.
 * The clinician gets a name of its own, hours on every weekday, and is retired at the end (its booking stays).
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { lagosDateOf } from '../../shared/booking/free-slots';
import { formatLagosDateTime } from '../../shared/lagos-date';
import { NIGERIA_PUBLIC_HOLIDAYS } from '../../shared/support-hours';
import { seedClinician } from '../helpers/booking-seed';
import { DESKTOP, MOBILE, axeViolations } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { withServerDb } from '../helpers/server-db';
import { signInAs } from './chat-helpers';
import { focusedName } from './staff-helpers';

const DAY_MS = 24 * 60 * 60_000;

/** Tomorrow in Lagos, or the first day after it that is no public holiday (nobody can be booked on one). */
function nextOpenDate() {
  const holidays = new Set(NIGERIA_PUBLIC_HOLIDAYS.map((holiday) => holiday.date));
  let date = lagosDateOf(Date.now() + DAY_MS);
  while (holidays.has(date)) date = lagosDateOf(Date.parse(`${date}T12:00:00+01:00`) + DAY_MS);
  return date;
}

async function expectNoAxeViolationsAtBothSizes(page: Page, heading: string) {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport.viewport!);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect({ heading, width: viewport.viewport!.width, violations: await axeViolations(page) }).toEqual({
      heading,
      width: viewport.viewport!.width,
      violations: [],
    });
  }
}

describe('availability and the front desk (issue #28)', () => {
  browserTest(
    'an admin sets hours; the desk books a caller from the calendar with the keyboard; both pages pass axe',
    async ({ newContext }) => {
      const name = `Dr Desk ${Date.now() % 1_000_000}`;
      const context = await newContext(DESKTOP);
      await signInAs(context, 'admin', 'Ada Admin');
      const page = await context.newPage();
      await page.goto('/staff/availability');
      await page.getByRole('heading', { level: 1, name: 'Availability' }).waitFor();
      await page.getByText('Public holiday').first().waitFor();
      await expectNoAxeViolationsAtBothSizes(page, 'Availability');

      // A nameless clinician is refused at the field.
      await page.getByRole('button', { name: 'Add clinician' }).click();
      await page.getByText("Enter the clinician's name.").first().waitFor();
      await page.getByLabel("Clinician's name").fill(name);
      await page.getByRole('button', { name: 'Add clinician' }).click();
      await page.getByText('Clinician added.').waitFor();
      const section = page.getByRole('region', { name, exact: true });
      await section.waitFor();

      const service = section.getByRole('form', { name: `Offer a service: ${name}` });
      await service.getByLabel('Service').selectOption('Wellness Program Inquiry');
      await service.getByLabel('Slot length in minutes').fill('20');
      await service.getByRole('button', { name: 'Save service' }).click();
      await service
        .getByText('Slot length must be a whole number of minutes from 15 to 240, in steps of 15.')
        .first()
        .waitFor();
      await service.getByLabel('Slot length in minutes').fill('60');
      await service.getByRole('button', { name: 'Save service' }).click();
      await page.getByText('Service saved.').waitFor();

      const tomorrow = nextOpenDate();
      const weekday = ((new Date(`${tomorrow}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
      const hours = section.getByRole('form', { name: `Add weekly hours: ${name}` });
      await hours.getByLabel('Day').selectOption(String(weekday));
      await hours.getByLabel('Start (Lagos time)').fill('11:00');
      await hours.getByLabel('End (Lagos time)').fill('09:00');
      await hours.getByRole('button', { name: 'Add hours' }).click();
      await hours.getByText('The end time must be after the start time.').first().waitFor();
      await hours.getByLabel('Start (Lagos time)').fill('09:00');
      await hours.getByLabel('End (Lagos time)').fill('11:00');
      await hours.getByRole('button', { name: 'Add hours' }).click();
      await page.getByText('Weekly hours added.').waitFor();
      await section.getByText(/09:00–11:00/).waitFor();
      await expectNoAxeViolationsAtBothSizes(page, 'Availability');

      const clinicianId = await withServerDb(
        async (db) =>
          (await db.selectFrom('clinicians').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id,
      );

      // The front desk: tomorrow, this clinician.
      await page.goto(`/staff/calendar?date=${tomorrow}&view=day&clinician=${clinicianId}`);
      await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
      const table = page.getByRole('table', { name: new RegExp(`^Times of ${name}`) });
      await table.waitFor();
      expect(await table.getByRole('row').allTextContents()).toEqual([
        'TimePatientServiceReferenceAttendance or action',
        `09:00–10:00FreeWellness Program InquiryBook 09:00–10:00, Wellness Program Inquiry, with ${name}`,
        `10:00–11:00FreeWellness Program InquiryBook 10:00–11:00, Wellness Program Inquiry, with ${name}`,
      ]);
      await expectNoAxeViolationsAtBothSizes(page, 'Calendar');

      // Keyboard only. Press 1: Book on the 10:00 row; the focus lands on Full name.
      const book = table.getByRole('button', { name: /^Book 10:00–11:00/ });
      await book.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 2, name: new RegExp(`^Book .* at 10:00 with ${name}$`) }).waitFor();
      expect(await focusedName(page)).toBe('Full name');
      await page.keyboard.type('Kemi Caller');
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe('Phone number');
      await page.keyboard.type('0803 555 0199');
      await expectNoAxeViolationsAtBothSizes(page, 'Calendar');
      // Press 2: Book this time (Enter in a text field sends the form).
      await page.keyboard.press('Enter');
      const notice = page.getByRole('status').filter({ hasText: /^Booked / });
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(/^Booked .* at 10:00 for Kemi Caller: reference [A-Z]+-[A-Z0-9-]+\.$/);
      const bookedRow = table.getByRole('row').filter({ hasText: 'Kemi Caller' });
      await bookedRow.waitFor();
      expect(await bookedRow.textContent()).toMatch(
        /^10:00–11:00Kemi CallerWellness Program Inquiry[A-Z]+-[A-Z0-9-]+Booked$/,
      );

      const stored = await withServerDb((db) =>
        db
          .selectFrom('requests')
          .innerJoin('bookings', 'bookings.request_id', 'requests.id')
          .select(['requests.email', 'requests.status', 'bookings.booked_by', 'bookings.clinician_id'])
          .where('requests.full_name', '=', 'Kemi Caller')
          .where('bookings.clinician_id', '=', clinicianId)
          .execute(),
      );
      expect(stored).toEqual([{ email: '', status: 'confirmed', booked_by: 'staff', clinician_id: clinicianId }]);

      // Leave the shared server as it was: the clinician takes no more bookings (the booked time stays).
      await page.goto('/staff/availability');
      const again = page.getByRole('region', { name, exact: true });
      await again.getByRole('button', { name: `Retire ${name}` }).click();
      await again.getByRole('button', { name: 'Yes, retire' }).click();
      await page.getByText('Clinician retired: no new bookings. Their booked times stay.').waitFor();
    },
  );
});

describe('a booked request on its page, and attendance (issue #28.4, #28.7)', () => {
  browserTest(
    'the booking panel reschedules and sends new links; the day view marks an arrival; axe passes',
    async ({ newContext }) => {
      const name = `Dr Panel ${Date.now() % 1_000_000}`;
      const clinicianId = await withServerDb((db) =>
        seedClinician(db, {
          name,
          service: 'Global Health Consultation',
          slotMinutes: 60,
          hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '12:00' })),
        }),
      );
      const context = await newContext(DESKTOP);
      await signInAs(context, 'agent', 'Femi Desk');
      const page = await context.newPage();
      await page.goto('/staff/calendar');
      await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
      const tomorrow = nextOpenDate();
      const slot = Date.parse(`${tomorrow}T10:00:00+01:00`);
      const booked = await page.evaluate(
        async (input) => {
          const response = await fetch('/trpc/bookingStaff.book', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(input),
          });
          return (await response.json()) as { result: { data: { booked: boolean; reference: string } } };
        },
        {
          service: 'Global Health Consultation',
          slot: String(slot),
          clinicianId,
          fullName: 'Tola Panel',
          phone: '0803 555 0177',
          email: 'tola.panel@example.com',
        },
      );
      expect(booked.result.data.booked).toBe(true);
      const { reference } = booked.result.data;
      const requestId = await withServerDb(
        async (db) =>
          (await db.selectFrom('requests').select('id').where('reference', '=', reference).executeTakeFirstOrThrow())
            .id,
      );

      await page.goto(`/staff/requests/${requestId}`);
      const panel = page.getByRole('region', { name: 'Booked time' });
      await panel.waitFor();
      expect(await panel.getByRole('definition').allTextContents()).toEqual([
        `${formatLagosDateTime(`${tomorrow}T10:00`)}`,
        name,
        'Global Health Consultation',
        'Booked',
        'Not marked',
      ]);
      await expectNoAxeViolationsAtBothSizes(page, new RegExp(reference).source);

      await panel.getByRole('button', { name: 'Reschedule' }).click();
      const newTime = panel.getByLabel('New time (Lagos time)');
      await newTime.waitFor();
      await newTime.selectOption(String(Date.parse(`${tomorrow}T11:00:00+01:00`)));
      await expectNoAxeViolationsAtBothSizes(page, new RegExp(reference).source);
      await panel.getByRole('button', { name: 'Move the appointment' }).click();
      await page
        .getByText(`Moved to ${formatLagosDateTime(`${tomorrow}T11:00`)}. The patient gets new links.`)
        .waitFor();
      await panel.getByText(formatLagosDateTime(`${tomorrow}T11:00`)).waitFor();
      await panel.getByRole('button', { name: 'Send new links' }).click();
      await page.getByText('New links sent. The links the patient had before no longer work.').waitFor();
      // Moved in place (the calendar file's SEQUENCE 1), and both changes audited against the request.
      const after = await withServerDb(async (db) => ({
        booking: await db
          .selectFrom('bookings')
          .select(['starts_at', 'calendar_sequence'])
          .where('request_id', '=', requestId)
          .executeTakeFirstOrThrow(),
        audit: await db
          .selectFrom('audit_events')
          .select('detail')
          .where('type', '=', 'booking.reschedule')
          .where('subject', '=', `request:${requestId}`)
          .orderBy('id')
          .execute(),
      }));
      expect(after).toEqual({
        booking: { starts_at: Date.parse(`${tomorrow}T11:00:00+01:00`), calendar_sequence: 1 },
        audit: [
          { detail: JSON.stringify({ to: `${tomorrow}T11:00` }) },
          { detail: JSON.stringify({ action: 'new links' }) },
        ],
      });

      // Its time comes: an hour ago today (moved in the database), the desk marks the arrival.
      const anHourAgo = Date.now() - 60 * 60_000;
      await withServerDb((db) =>
        db
          .updateTable('bookings')
          .set({ starts_at: anHourAgo, ends_at: anHourAgo + 60 * 60_000 })
          .where('request_id', '=', requestId)
          .execute(),
      );
      await page.goto(`/staff/calendar?date=${lagosDateOf(anHourAgo)}&view=day&clinician=${clinicianId}`);
      const attendance = page.getByRole('group', { name: 'Attendance of Tola Panel' });
      await attendance.waitFor();
      await expectNoAxeViolationsAtBothSizes(page, 'Calendar');
      await attendance.getByRole('button', { name: 'Arrived' }).click();
      await page.getByText('Marked as arrived.').waitFor();
      await attendance.getByRole('button', { name: 'Arrived', pressed: true }).waitFor();
      expect(
        await withServerDb(
          async (db) =>
            (
              await db
                .selectFrom('bookings')
                .select('attendance')
                .where('request_id', '=', requestId)
                .executeTakeFirstOrThrow()
            ).attendance,
        ),
      ).toBe('arrived');
      await withServerDb((db) =>
        db.updateTable('clinicians').set({ active: 0 }).where('id', '=', clinicianId).execute(),
      );
    },
  );
});
