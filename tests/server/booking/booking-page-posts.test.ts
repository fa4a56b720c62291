/**
 * The booking page without JavaScript (issue #28.2) and the dashboard's appointment buttons (issue #28.7), over HTTP
 * against the built site, on the project's engine: plain posts through the same procedures, Post/Redirect/Get. The
 * clock (Date only) is Monday 30 November 2026, 07:00 in Lagos.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionCookieName } from '../../../server/auth/cookies';
import { createSession, generateSessionToken } from '../../../server/auth/session';
import { hashManageToken } from '../../../server/booking/manage-token';
import { users } from '../../../server/data/users';
import { SLOT_TAKEN_MESSAGE, BOOKING_NOT_FOUND_MESSAGE } from '../../../shared/messages/booking-messages';
import { seedClinician, weekdays } from '../../helpers/booking-seed';
import { startTestServer } from '../../helpers/test-server';
import { createHttpClient, trpcError } from '../../helpers/auth-http';

const at = (lagos: string) => Date.parse(`${lagos}:00+01:00`);
const NOW = at('2026-11-30T07:00');
const PAGE = '/services/book-appointment';
const CHECK_UP = 'General Check-up';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  server = await startTestServer({ withSite: true, env: { PUBLIC_ORIGIN: 'https://clinic.example' } });
  await seedClinician(server.db, {
    name: 'Dr Amaka Obi',
    service: CHECK_UP,
    slotMinutes: 30,
    hours: weekdays('09:00', '12:00'),
  });
  await seedClinician(server.db, {
    name: 'Dr Tunde Bello',
    service: 'Virtual Consultation',
    slotMinutes: 30,
    hours: weekdays('14:00', '15:00'),
  });
});
afterAll(async () => {
  await server.close();
  vi.useRealTimers();
});

const post = (path: string, body: Record<string, string>, cookie?: string) =>
  fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      origin: server.baseUrl,
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(body).toString(),
  });

const booking = (slot: number, fullName: string, extra: Record<string, string> = {}) => ({
  formName: 'booking',
  service: CHECK_UP,
  slot: String(slot),
  fullName,
  email: `${fullName.split(' ')[0]!.toLowerCase()}@example.ng`,
  phone: '',
  message: 'Knee pain since Friday',
  website: '',
  ...extra,
});

const requestsNamed = (name: string) =>
  server.db.selectFrom('requests').select(['id', 'status']).where('full_name', '=', name).execute();

describe('the booking page without JavaScript', () => {
  it('asks for the service first when several can be booked, then lists the chosen one’s times', async () => {
    const choose = await (await fetch(`${server.baseUrl}${PAGE}`)).text();
    expect(choose).toContain('Show free times');
    expect(choose).toContain('Choose a service to see its free times in the next 14 days.');
    expect(choose).not.toContain('Book this time');
    expect(choose).toContain('None of these times suit me: ask us');

    const page = await (await fetch(`${server.baseUrl}${PAGE}?service=General%20Check-up`)).text();
    expect(page).toContain('Book this time');
    expect(page).toContain('Monday 30 November');
    expect(page).toContain(`value="${at('2026-11-30T09:00')}"`);
    expect(page).toContain(`value="${at('2026-12-11T11:30')}"`);
    expect(page).toContain('Tell me if an earlier time frees up');
    expect(page).toContain('Send me updates by SMS');
  });

  it('books a time: 303 to the page saying so, with the reference, the Lagos day and time', async () => {
    const response = await post(
      `${PAGE}?service=General%20Check-up`,
      booking(at('2026-11-30T10:00'), 'Bola Ade', { wantsEarlier: 'on' }),
    );
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toMatch(
      new RegExp(
        `^/services/book-appointment\\?form=booking&sent=APT-[2-9A-HJKMNP-Z]{5}&at=${at('2026-11-30T10:00')}#booking-sent$`,
      ),
    );
    const [request] = await requestsNamed('Bola Ade');
    expect(request!.status).toBe('confirmed');
    const stored = await server.db
      .selectFrom('bookings')
      .selectAll()
      .where('request_id', '=', request!.id)
      .executeTakeFirstOrThrow();
    expect(stored.wants_earlier).toBe(1);
    const reference = /sent=(APT-[A-Z0-9]{5})/.exec(location)![1]!;
    const page = await (await fetch(`${server.baseUrl}${location}`)).text();
    expect(page).toContain('Your appointment is booked');
    expect(page).toContain(
      `Monday 30 November at 10:00 (Lagos time). Your reference is <strong>${reference}</strong>.`,
    );
    expect(page).toContain('We have e-mailed you the confirmation, with links to change the time or cancel it.');
    expect(page).not.toContain('Book this time');
  });

  it('the same time again: the page with the message, every value kept, the 3 nearest times offered first', async () => {
    const response = await post(
      PAGE,
      booking(at('2026-11-30T10:00'), 'Chidi Eze', { phone: '0803 123 4567', smsConsent: 'on', wantsEarlier: 'on' }),
    );
    expect(response.status).toBe(409);
    const page = await response.text();
    expect(page).toContain(SLOT_TAKEN_MESSAGE);
    expect(page).toContain('value="Chidi Eze"');
    expect(page).toContain('value="chidi@example.ng"');
    expect(page).toContain('value="0803 123 4567"');
    expect(page).toContain('Knee pain since Friday</textarea>');
    expect(page).toMatch(/name="smsConsent"[^>]*checked/);
    expect(page).toMatch(/name="wantsEarlier"[^>]*checked/);
    expect(page).toContain(
      `name="nearest" value="${[at('2026-11-30T09:00'), at('2026-11-30T09:30'), at('2026-11-30T10:30')].join(',')}"`,
    );
    expect(page).toContain('The nearest free times');
    // The lost time is no longer offered, and nothing was stored for the second person.
    expect(page).not.toContain(`value="${at('2026-11-30T10:00')}"`);
    expect(await requestsNamed('Chidi Eze')).toEqual([]);
  });

  it('field errors: the page with each field’s message and the summary, nothing stored', async () => {
    const response = await post(
      PAGE,
      booking(at('2026-11-30T11:00'), 'Dayo', { fullName: '', email: 'not-an-email', slot: '' }),
    );
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('Enter your full name.');
    expect(page).toContain('Choose a time from the list.');
    expect(page).toContain('href="#booking-full-name"');
    expect(page).toContain('href="#booking-slot"');
    expect(page).toContain('value="not-an-email"');
    expect(await server.db.selectFrom('requests').select('id').where('email', '=', 'not-an-email').execute()).toEqual(
      [],
    );
  });

  it('a time that is not offered is a field error on the list of times', async () => {
    const response = await post(PAGE, booking(at('2026-11-30T13:00'), 'Efe Okon'));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('That time is not one of the free times. Choose a time from the list.');
    expect(await requestsNamed('Efe Okon')).toEqual([]);
  });

  it('a filled honeypot looks booked and stores nothing', async () => {
    const response = await post(
      PAGE,
      booking(at('2026-11-30T11:00'), 'Bot Person', { website: 'https://spam.example' }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/services\/book-appointment\?form=booking&sent=APT-/);
    expect(await requestsNamed('Bot Person')).toEqual([]);
    const page = await (await fetch(`${server.baseUrl}${PAGE}?service=General%20Check-up`)).text();
    expect(page).toContain(`value="${at('2026-11-30T11:00')}"`);
  });
});

describe('the enhanced page: booking.book over tRPC, the same procedure', () => {
  const input = (slot: number, fullName: string, extra: Record<string, unknown> = {}) => {
    const { formName: _name, ...fields } = booking(slot, fullName);
    void _name;
    return { ...fields, fillMs: 5000, ...extra };
  };

  it('books a free time', async () => {
    const { client } = createHttpClient(server.baseUrl);
    const result = await client.booking.book.mutate(input(at('2026-12-01T09:00'), 'Funmi Trpc'));
    expect(result).toMatchObject({ booked: true, startsAt: at('2026-12-01T09:00') });
    expect(await requestsNamed('Funmi Trpc')).toEqual([{ id: expect.any(Number) as number, status: 'confirmed' }]);
  });

  it('the same time again: not booked, the message and the 3 nearest free times', async () => {
    const { client } = createHttpClient(server.baseUrl);
    const result = await client.booking.book.mutate(input(at('2026-12-01T09:00'), 'Gbenga Trpc'));
    expect(result).toEqual({
      booked: false,
      message: SLOT_TAKEN_MESSAGE,
      nearest: [
        { startsAt: at('2026-12-01T09:30'), endsAt: at('2026-12-01T10:00'), clinicianIds: [expect.any(Number)] },
        { startsAt: at('2026-12-01T10:00'), endsAt: at('2026-12-01T10:30'), clinicianIds: [expect.any(Number)] },
        { startsAt: at('2026-12-01T10:30'), endsAt: at('2026-12-01T11:00'), clinicianIds: [expect.any(Number)] },
      ],
    });
    expect(await requestsNamed('Gbenga Trpc')).toEqual([]);
  });

  it('field errors by field, nothing stored', async () => {
    const { client } = createHttpClient(server.baseUrl);
    const refused = await trpcError(
      client.booking.book.mutate(input(at('2026-12-01T10:00'), 'Halima Trpc', { fullName: '', slot: 'soon' })),
    );
    expect(refused.data.code).toBe('BAD_REQUEST');
    expect(refused.data.fieldErrors).toMatchObject({
      fullName: ['Enter your full name.'],
      slot: ['Choose a time from the list.'],
    });
  });

  it('a filled honeypot answers booked and stores nothing', async () => {
    const { client } = createHttpClient(server.baseUrl);
    const result = await client.booking.book.mutate(
      input(at('2026-12-01T10:00'), 'Ike Bot', { website: 'https://spam.example' }),
    );
    expect(result.booked).toBe(true);
    expect(await requestsNamed('Ike Bot')).toEqual([]);
  });
});

describe("the dashboard's upcoming appointments", () => {
  let cookie: string;
  let otherCookie: string;
  let bookingId: number;
  beforeAll(async () => {
    const signIn = async (email: string) => {
      const user = await users.create(server.db, { email, fullName: 'Patient', passwordHash: 'x', confirmed: true });
      const token = generateSessionToken();
      await createSession(server.db, token, user.id);
      return `${sessionCookieName(server.env)}=${token}`;
    };
    // Case differs from the address the booking was made with: still hers.
    cookie = await signIn('Bola@Example.ng');
    otherCookie = await signIn('someone@example.ng');
    const [request] = await requestsNamed('Bola Ade');
    bookingId = (
      await server.db
        .selectFrom('bookings')
        .select('id')
        .where('request_id', '=', request!.id)
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('lists the booked time with its clinician, the address, and the two buttons', async () => {
    const response = await fetch(`${server.baseUrl}/dashboard`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('Upcoming appointments');
    expect(page).toContain('Monday 30 November at 10:00');
    expect(page).toContain('Dr Amaka Obi');
    expect(page).toContain('Choose another time');
    expect(page).toContain('Cancel appointment');
  });

  it('Choose another time: a fresh link replaces the old one, 303 to the reschedule page', async () => {
    const before = await server.db
      .selectFrom('bookings')
      .select('manage_token_hash')
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    const response = await post(
      '/dashboard',
      { formName: 'appointment-link', id: String(bookingId), action: 'reschedule' },
      cookie,
    );
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toMatch(/^\/appointments\/reschedule\?token=[A-Za-z0-9_-]{43}$/);
    const after = await server.db
      .selectFrom('bookings')
      .select('manage_token_hash')
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(after.manage_token_hash).toBe(hashManageToken(location.split('token=')[1]!));
    expect(after.manage_token_hash).not.toBe(before.manage_token_hash);

    const cancel = await post(
      '/dashboard',
      { formName: 'appointment-link', id: String(bookingId), action: 'cancel' },
      cookie,
    );
    expect(cancel.headers.get('location')).toMatch(/^\/appointments\/cancel\?token=[A-Za-z0-9_-]{43}$/);
  });

  it("someone else's booking is not found, and its token is left alone", async () => {
    const before = await server.db
      .selectFrom('bookings')
      .select('manage_token_hash')
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    const response = await post(
      '/dashboard',
      { formName: 'appointment-link', id: String(bookingId), action: 'cancel' },
      otherCookie,
    );
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(BOOKING_NOT_FOUND_MESSAGE);
    const after = await server.db
      .selectFrom('bookings')
      .select('manage_token_hash')
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(after.manage_token_hash).toBe(before.manage_token_hash);
  });

  it('without a session: to the log-in page, nothing changed', async () => {
    const response = await post('/dashboard', {
      formName: 'appointment-link',
      id: String(bookingId),
      action: 'cancel',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login?next=%2Fdashboard');
  });
});
