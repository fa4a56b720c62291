/** Request statuses in the patient's words (issue #29.8). */
import { describe, expect, it } from 'vitest';
import { patientRequestStatus } from '../../shared/patient-request-status';
import { REQUEST_STATUSES } from '../../shared/requests';

const appointment = { type: 'appointment' as const, confirmedFor: null };

describe('a request status in the patient’s words', () => {
  it('says we have a new request, and that we are working on one in progress', () => {
    expect(patientRequestStatus({ ...appointment, status: 'new' })).toBe('We have your request');
    expect(patientRequestStatus({ ...appointment, status: 'in_progress' })).toBe('We are working on your request');
  });

  it('gives a confirmed appointment its Lagos weekday, date and time', () => {
    expect(patientRequestStatus({ ...appointment, status: 'confirmed', confirmedFor: '2026-11-27T10:00' })).toBe(
      'Confirmed for Fri 27 Nov, 10:00',
    );
    // A Monday near midnight stays on the Lagos day.
    expect(patientRequestStatus({ ...appointment, status: 'confirmed', confirmedFor: '2026-11-30T23:30' })).toBe(
      'Confirmed for Mon 30 Nov, 23:30',
    );
    expect(patientRequestStatus({ type: 'service_order', status: 'confirmed', confirmedFor: null })).toBe('Confirmed');
  });

  it('says a past appointment took place, other requests are completed, and cancelled ones are cancelled', () => {
    expect(patientRequestStatus({ ...appointment, status: 'done' })).toBe('Your appointment has taken place');
    expect(patientRequestStatus({ type: 'trip_plan', status: 'done', confirmedFor: null })).toBe('Completed');
    expect(patientRequestStatus({ ...appointment, status: 'cancelled' })).toBe('Cancelled');
  });

  it('never shows a workflow name', () => {
    for (const status of REQUEST_STATUSES)
      expect(patientRequestStatus({ ...appointment, status })).not.toMatch(/^(New|In progress|Done)$/);
  });
});
