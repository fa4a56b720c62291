import { FORM_TOO_FAST_MESSAGE, MIN_FILL_MS } from '../../../../shared/form-messages';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN } from '../../../../shared/forms/form-post';
import { lagosToday } from '../../../../shared/lagos-date';
import { NEWSLETTER_DUPLICATE_MESSAGE } from '../../../../shared/form-messages';
import {
  count,
  human,
  post,
  procedures,
  startFormsServer,
  tableOf,
  validInput,
  type Procedure,
} from './forms-fixtures';

let server: Awaited<ReturnType<typeof startFormsServer>>;
beforeAll(async () => {
  server = await startFormsServer({ RATE_LIMIT_FORMS_PER_MINUTE: '1000' });
});
afterAll(() => server.close());

const submit = (procedure: Procedure, body: unknown, headers?: Record<string, string>) =>
  post(server.baseUrl, procedure, body, headers);

/** Expects HTTP 400 with `message` for `field` and no new row. */
async function expectRefused(
  procedure: Procedure,
  overrides: Record<string, unknown>,
  field: string,
  message: string | RegExp,
) {
  const before = await count(server.db, tableOf[procedure]);
  const response = await submit(procedure, { ...validInput[procedure](), ...overrides });
  expect(response.status).toBe(400);
  const messages: string[] = response.json.error.data.fieldErrors[field] ?? [];
  expect(messages.some((text) => (typeof message === 'string' ? text === message : message.test(text)))).toBe(true);
  expect(await count(server.db, tableOf[procedure])).toBe(before);
}

const yesterdayInLagos = () => {
  const [year, month, day] = lagosToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
};

describe('every form', () => {
  it.each(procedures)('%s stores a valid submission and answers with its reference', async (procedure) => {
    const before = await count(server.db, tableOf[procedure]);
    const response = await submit(procedure, validInput[procedure]());
    expect(response.status).toBe(200);
    const reference: string = response.json.result.data.reference;
    expect(reference).toMatch(REFERENCE_PATTERN);
    expect(await count(server.db, tableOf[procedure])).toBe(before + 1);
    const row = await server.db
      .selectFrom(tableOf[procedure])
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(0);
    expect(Date.parse(row.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each(procedures)('%s refuses an empty body with field messages and stores nothing', async (procedure) => {
    const before = await count(server.db, tableOf[procedure]);
    const response = await submit(procedure, {});
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.error.data.fieldErrors).length).toBeGreaterThan(0);
    expect(await count(server.db, tableOf[procedure])).toBe(before);
  });

  it.each(procedures)('%s refuses NUL characters and lone surrogates', async (procedure) => {
    const field = procedure === 'submitTripPlan' ? 'destination' : 'email';
    const base = validInput[procedure]()[field] as string;
    await expectRefused(
      procedure,
      { [field]: `${base}\u0000` },
      field,
      'Remove the unsupported characters from this answer.',
    );
    await expectRefused(
      procedure,
      { [field]: `\uD800${base}` },
      field,
      'Remove the unsupported characters from this answer.',
    );
    await expectRefused(
      procedure,
      { [field]: `${base}\uDC00` },
      field,
      'Remove the unsupported characters from this answer.',
    );
  });

  it.each(procedures)('%s refuses an e-mail address in the wrong format or too long', async (procedure) => {
    await expectRefused(procedure, { email: 'not-an-email' }, 'email', /correct format/);
    await expectRefused(
      procedure,
      { email: `${'a'.repeat(250)}@example.com` },
      'email',
      'Email address must be 254 characters or fewer.',
    );
  });

  it.each(procedures)('%s answers a filled honeypot like a success but stores nothing', async (procedure) => {
    const before = await count(server.db, tableOf[procedure]);
    const response = await submit(procedure, { ...validInput[procedure](), website: 'https://spam.example' });
    expect(response.status).toBe(200);
    expect(response.json.result.data.reference).toMatch(REFERENCE_PATTERN);
    expect(await count(server.db, tableOf[procedure])).toBe(before);
  });

  it.each(procedures)(
    '%s refuses a too-fast post with a visible "send it again" (never a false success) and stores nothing',
    async (procedure) => {
      const before = await count(server.db, tableOf[procedure]);
      const tooFast = await submit(procedure, { ...validInput[procedure](), fillMs: 200 });
      expect(tooFast.status).toBe(412);
      expect(tooFast.json.error.message).toBe(FORM_TOO_FAST_MESSAGE);
      expect(await count(server.db, tableOf[procedure])).toBe(before);
      // The same person pressing Send again, later: stored.
      expect((await submit(procedure, { ...validInput[procedure](), fillMs: MIN_FILL_MS })).status).toBe(200);
      expect(await count(server.db, tableOf[procedure])).toBe(before + 1);
    },
  );

  it.each(procedures)(
    '%s answers an untimed post (not from our pages) like a success but stores nothing',
    async (procedure) => {
      const before = await count(server.db, tableOf[procedure]);
      const { fillMs: _fillMs, ...untimed } = validInput[procedure]();
      expect((await submit(procedure, untimed)).status).toBe(200);
      expect(await count(server.db, tableOf[procedure])).toBe(before);
    },
  );

  it.each(procedures)('%s refuses a non-JSON content type with 415', async (procedure) => {
    const before = await count(server.db, tableOf[procedure]);
    const form = new URLSearchParams({ email: 'x@example.com' }).toString();
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await submit(procedure, form, { 'content-type': type });
      expect(response.status).toBe(415);
      expect(response.json.error.message).toContain('JSON');
    }
    expect(await count(server.db, tableOf[procedure])).toBe(before);
  });

  it.each(procedures)('%s refuses a body over 64 KB with 413', async (procedure) => {
    const before = await count(server.db, tableOf[procedure]);
    const big = JSON.stringify({ ...validInput[procedure](), padding: 'x'.repeat(70 * 1024) });
    expect((await submit(procedure, big)).status).toBe(413);
    // Without a declared length (chunked), tRPC's own limit cuts the body off.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const chunked = await fetch(`${server.baseUrl}/trpc/forms.${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await count(server.db, tableOf[procedure])).toBe(before);
  });

  it.each(procedures)('%s accepts a body just under 64 KB (the limit is not too tight)', async (procedure) => {
    const body = JSON.stringify({ ...validInput[procedure](), padding: 'x'.repeat(60 * 1024) });
    expect((await submit(procedure, body)).status).toBe(200);
  });

  it.each(procedures)('%s refuses a post from another Origin with 403', async (procedure) => {
    const before = await count(server.db, tableOf[procedure]);
    const response = await submit(procedure, validInput[procedure](), { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    const crossSite = await fetch(`${server.baseUrl}/trpc/forms.${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify(validInput[procedure]()),
    });
    expect(crossSite.status).toBe(403);
    expect(await count(server.db, tableOf[procedure])).toBe(before);
  });

  it.each(procedures)('%s refuses malformed JSON with 400', async (procedure) => {
    const response = await submit(procedure, '{"email": ');
    expect(response.status).toBe(400);
  });

  it.each(procedures)('%s cannot be called with GET', async (procedure) => {
    const response = await fetch(
      `${server.baseUrl}/trpc/forms.${procedure}?input=${encodeURIComponent(JSON.stringify(validInput[procedure]()))}`,
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe('text clean-up', () => {
  it('trims, NFC-normalises and stores empty optional answers as null', async () => {
    const response = await submit('submitJobApplication', {
      ...validInput.submitJobApplication(),
      fullName: '  Chidi\u0301 Obi  ',
      email: ' chidi@example.com ',
      phone: '   ',
      coverLetter: '',
    });
    expect(response.status).toBe(200);
    const row = await server.db
      .selectFrom('job_applications')
      .selectAll()
      .where('reference', '=', response.json.result.data.reference)
      .executeTakeFirstOrThrow();
    expect(row.full_name).toBe('Chidí Obi'.normalize('NFC'));
    expect(row.full_name).toBe(row.full_name.normalize('NFC'));
    expect(row.email).toBe('chidi@example.com');
    expect(row.phone).toBeNull();
    expect(row.cover_letter).toBeNull();
  });

  it('refuses names over 120 characters and messages over 5,000', async () => {
    await expectRefused(
      'submitAppointment',
      { fullName: 'A'.repeat(121) },
      'fullName',
      'Full name must be 120 characters or fewer.',
    );
    await expectRefused(
      'submitAppointment',
      { message: 'm'.repeat(5001) },
      'message',
      'Message must be 5,000 characters or fewer.',
    );
    await expectRefused(
      'submitServiceOrder',
      { phone: '1'.repeat(33) },
      'phone',
      'Phone number must be 32 characters or fewer.',
    );
    expect(
      (
        await submit('submitAppointment', {
          ...validInput.submitAppointment(),
          fullName: 'A'.repeat(120),
          message: 'm'.repeat(5000),
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a name that is only spaces', async () => {
    await expectRefused('submitServiceOrder', { fullName: '   ' }, 'fullName', 'Enter your full name.');
  });

  it('refuses a phone number with letters', async () => {
    await expectRefused('submitAppointment', { phone: 'call me maybe' }, 'phone', /phone number/);
  });

  it('ignores unknown fields', async () => {
    const response = await submit('submitAppointment', {
      ...validInput.submitAppointment(),
      id: 999,
      reference: 'APT-AAAAA',
      created_at: '1999-01-01',
    });
    expect(response.status).toBe(200);
    const row = await server.db
      .selectFrom('appointments')
      .selectAll()
      .where('reference', '=', response.json.result.data.reference)
      .executeTakeFirstOrThrow();
    expect(row.id).not.toBe(999);
    expect(row.created_at.startsWith('1999')).toBe(false);
  });
});

describe('newsletter', () => {
  it('stores the address in lower case', async () => {
    const response = await submit('subscribeNewsletter', { email: '  Amaka.Obi@Example.COM ', ...human });
    expect(response.status).toBe(200);
    const row = await server.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('reference', '=', response.json.result.data.reference)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('amaka.obi@example.com');
  });

  it('answers a duplicate in any case with 409 and the spec message, storing one row', async () => {
    expect((await submit('subscribeNewsletter', { email: 'dup@example.com', ...human })).status).toBe(200);
    for (const email of ['dup@example.com', 'DUP@EXAMPLE.COM', ' Dup@Example.com ']) {
      const response = await submit('subscribeNewsletter', { email, ...human });
      expect(response.status).toBe(409);
      expect(response.json.error.message).toBe(NEWSLETTER_DUPLICATE_MESSAGE);
    }
    const rows = await server.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('email', '=', 'dup@example.com')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('stores exactly one row for 25 concurrent sign-ups of the same address', async () => {
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        submit('subscribeNewsletter', { email: index % 2 ? 'race@example.com' : 'RACE@example.com', ...human }),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(24);
    const rows = await server.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('email', '=', 'race@example.com')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('shows the spec message for an empty address', async () => {
    await expectRefused('subscribeNewsletter', { email: '' }, 'email', 'Please enter your email address.');
    await expectRefused('subscribeNewsletter', { email: '   ' }, 'email', 'Please enter your email address.');
  });

  it('the database itself refuses a second spelling of a stored address', async () => {
    await server.db
      .insertInto('newsletter_subscriptions')
      .values({ email: 'case@example.com', reference: 'SUB-22222' })
      .execute();
    await expect(
      server.db
        .insertInto('newsletter_subscriptions')
        .values({ email: 'CASE@example.com', reference: 'SUB-33333' })
        .execute(),
    ).rejects.toThrow(/UNIQUE|duplicate key/);
  });
});

describe('job application', () => {
  it('stores the spec columns', async () => {
    const input = validInput.submitJobApplication();
    const response = await submit('submitJobApplication', input);
    const row = await server.db
      .selectFrom('job_applications')
      .selectAll()
      .where('reference', '=', response.json.result.data.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      job_title: 'Data Analyst',
      full_name: input.fullName,
      email: input.email,
      phone: input.phone,
      resume_link: input.resumeLink,
      cover_letter: input.coverLetter,
    });
    expect(row.reference.startsWith('JOB-')).toBe(true);
  });

  it('requires name, e-mail and resume link; phone and cover letter are optional', async () => {
    await expectRefused('submitJobApplication', { fullName: '' }, 'fullName', 'Enter your full name.');
    await expectRefused('submitJobApplication', { email: '' }, 'email', 'Enter your email address.');
    await expectRefused('submitJobApplication', { resumeLink: '' }, 'resumeLink', 'Enter a link to your resume.');
    await expectRefused('submitJobApplication', { jobTitle: '' }, 'jobTitle', 'Choose the job you are applying for.');
    expect(
      (await submit('submitJobApplication', { ...validInput.submitJobApplication(), phone: '', coverLetter: '' }))
        .status,
    ).toBe(200);
  });

  it('accepts only http and https resume links, at most 2,048 characters', async () => {
    for (const link of [
      'javascript:alert(1)',
      'ftp://files.example.com/cv.pdf',
      'data:text/html,hi',
      'file:///etc/passwd',
      'www.example.com/cv',
      'https://',
      'https://exa mple.com',
    ]) {
      await expectRefused('submitJobApplication', { resumeLink: link }, 'resumeLink', /http:\/\/ or https:\/\//);
    }
    await expectRefused(
      'submitJobApplication',
      { resumeLink: `https://example.com/${'a'.repeat(2030)}` },
      'resumeLink',
      'Resume link must be 2,048 characters or fewer.',
    );
    expect(
      (
        await submit('submitJobApplication', {
          ...validInput.submitJobApplication(),
          resumeLink: 'http://linkedin.example.com/in/ada',
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a cover letter over 5,000 characters', async () => {
    await expectRefused(
      'submitJobApplication',
      { coverLetter: 'c'.repeat(5001) },
      'coverLetter',
      'Cover letter must be 5,000 characters or fewer.',
    );
  });
});

describe('service order', () => {
  it('stores the spec columns with the package for Medical Tourism Package', async () => {
    const response = await submit('submitServiceOrder', validInput.submitServiceOrder());
    const row = await server.db
      .selectFrom('service_orders')
      .selectAll()
      .where('reference', '=', response.json.result.data.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      service_category: 'Medical Tourism Package',
      service_package: 'Premium Package',
      phone: null,
      message: 'Knee surgery abroad.',
    });
    expect(row.reference.startsWith('ORD-')).toBe(true);
  });

  it('requires a package only for Medical Tourism Package', async () => {
    await expectRefused(
      'submitServiceOrder',
      { servicePackage: '' },
      'servicePackage',
      'Select a medical tourism package.',
    );
    await expectRefused(
      'submitServiceOrder',
      { servicePackage: 'Gold Package' },
      'servicePackage',
      'Select a medical tourism package.',
    );
    const response = await submit('submitServiceOrder', {
      ...validInput.submitServiceOrder(),
      serviceCategory: 'Virtual Consultation',
      servicePackage: '',
    });
    expect(response.status).toBe(200);
  });

  it('drops a package sent with another category', async () => {
    const response = await submit('submitServiceOrder', {
      ...validInput.submitServiceOrder(),
      serviceCategory: 'Other',
      servicePackage: 'Premium Package',
    });
    const row = await server.db
      .selectFrom('service_orders')
      .selectAll()
      .where('reference', '=', response.json.result.data.reference)
      .executeTakeFirstOrThrow();
    expect(row.service_package).toBeNull();
  });

  it('accepts only the listed categories', async () => {
    await expectRefused('submitServiceOrder', { serviceCategory: '' }, 'serviceCategory', 'Select a service category.');
    await expectRefused(
      'submitServiceOrder',
      { serviceCategory: 'Free Money' },
      'serviceCategory',
      'Select a service category.',
    );
  });
});

describe('appointment', () => {
  it('stores the spec columns', async () => {
    const response = await submit('submitAppointment', validInput.submitAppointment());
    const row = await server.db
      .selectFrom('appointments')
      .selectAll()
      .where('reference', '=', response.json.result.data.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      preferred_date: lagosToday(),
      preferred_time: '10-11 AM',
      service_type: 'General Check-up',
      message: null,
    });
    expect(row.reference.startsWith('APT-')).toBe(true);
  });

  it('refuses a date before today in Lagos, and impossible dates', async () => {
    await expectRefused(
      'submitAppointment',
      { preferredDate: yesterdayInLagos() },
      'preferredDate',
      'Preferred date cannot be before today.',
    );
    await expectRefused('submitAppointment', { preferredDate: '' }, 'preferredDate', 'Enter your preferred date.');
    await expectRefused('submitAppointment', { preferredDate: '2099-02-30' }, 'preferredDate', /real date/);
    await expectRefused('submitAppointment', { preferredDate: 'tomorrow' }, 'preferredDate', /real date/);
  });

  it('accepts only the listed services and time slots', async () => {
    await expectRefused('submitAppointment', { serviceType: '' }, 'serviceType', 'Select the service you need.');
    await expectRefused('submitAppointment', { serviceType: 'Surgery' }, 'serviceType', 'Select the service you need.');
    await expectRefused(
      'submitAppointment',
      { preferredTime: '3 AM' },
      'preferredTime',
      'Select a time from the list.',
    );
    expect((await submit('submitAppointment', { ...validInput.submitAppointment(), preferredTime: '' })).status).toBe(
      200,
    );
  });
});

describe('trip plan', () => {
  it('stores the spec columns, with empty dates as NULL and travelers as an integer', async () => {
    const response = await submit('submitTripPlan', validInput.submitTripPlan());
    const row = await server.db
      .selectFrom('trip_plans')
      .selectAll()
      .where('reference', '=', response.json.result.data.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      departure_date: null,
      return_date: null,
      number_of_travelers: 2,
      accommodation_preference: 'Serviced Apartment',
    });
    expect(Number.isInteger(row.number_of_travelers)).toBe(true);
    // The stored type itself, as each engine names it.
    if (server.sqlite) {
      const typed = server.sqlite
        .prepare(
          'select typeof(number_of_travelers) as type, typeof(departure_date) as date_type from trip_plans where reference = ?',
        )
        .get(row.reference) as { type: string; date_type: string };
      expect(typed).toEqual({ type: 'integer', date_type: 'null' });
    } else {
      const typed = await sql<{
        type: string;
        date_is_null: boolean;
      }>`select pg_typeof(number_of_travelers)::text as type,
        departure_date is null as date_is_null from trip_plans where reference = ${row.reference}`.execute(server.db);
      expect(typed.rows[0]).toEqual({ type: 'integer', date_is_null: true });
    }
  });

  it('keeps dates when given, and refuses a return before the departure', async () => {
    const response = await submit('submitTripPlan', {
      ...validInput.submitTripPlan(),
      departureDate: '2030-03-01',
      returnDate: '2030-03-20',
    });
    const row = await server.db
      .selectFrom('trip_plans')
      .selectAll()
      .where('reference', '=', response.json.result.data.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ departure_date: '2030-03-01', return_date: '2030-03-20' });
    await expectRefused(
      'submitTripPlan',
      { departureDate: '2030-03-20', returnDate: '2030-03-01' },
      'returnDate',
      /after the departure date/,
    );
  });

  it('requires at least 1 traveler, as a whole number', async () => {
    for (const numberOfTravelers of [0, -1, 1.5, '2', null, 51]) {
      await expectRefused('submitTripPlan', { numberOfTravelers }, 'numberOfTravelers', /Number of travelers/);
    }
  });

  it('requires destination, name and e-mail', async () => {
    await expectRefused('submitTripPlan', { destination: '' }, 'destination', 'Enter your destination.');
    await expectRefused('submitTripPlan', { fullName: '' }, 'fullName', 'Enter your full name.');
    await expectRefused(
      'submitTripPlan',
      { accommodationPreference: 'Tent' },
      'accommodationPreference',
      /accommodation/,
    );
    await expectRefused('submitTripPlan', { activityInterests: 'Skydiving' }, 'activityInterests', /activity/);
  });
});
