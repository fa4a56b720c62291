/**
 * The one text rule (issue #24.4) where texts are stored: names made only of invisible characters, names with a
 * control character or a bidirectional override, are refused and store nothing; an optional text with nothing
 * visible is stored as null; real names are stored as typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUPPORTED_CHARACTERS_MESSAGE } from '../../../../shared/text-normalise';
import { count, post, procedures, startFormsServer, tableOf, validInput } from './forms-fixtures';

let server: Awaited<ReturnType<typeof startFormsServer>>;
beforeAll(async () => {
  server = await startFormsServer({ RATE_LIMIT_FORMS_PER_MINUTE: '1000000' });
});
afterAll(() => server.close());

const invisibleNames = ['\u00AD', '\u2062', '\u3164', '\u180E', '\u034F', '\u2800', '\u200E', '\u3164 \u3164'];
const fieldErrors = (json: { error?: { data?: { fieldErrors?: Record<string, string[]> } } }) =>
  json.error?.data?.fieldErrors ?? {};

describe('names in the stored forms', () => {
  const named = procedures.filter((procedure) => 'fullName' in validInput[procedure]());

  it.each(named)('%s refuses a name with nothing visible, and stores nothing', async (procedure) => {
    for (const fullName of invisibleNames) {
      const answer = await post(server.baseUrl, procedure, { ...validInput[procedure](), fullName });
      expect(answer.status, JSON.stringify(fullName)).toBe(400);
      expect(fieldErrors(answer.json).fullName).toEqual(['Enter your full name.']);
    }
    expect(await count(server.db, tableOf[procedure])).toBe(0);
  });

  it.each(named)('%s refuses a name with a control character or a text-direction override', async (procedure) => {
    for (const fullName of ['Ada\u0007Obi', 'Ada\u001B[2JObi', 'Ada\u202EiboO', 'Ada\nObi']) {
      const answer = await post(server.baseUrl, procedure, { ...validInput[procedure](), fullName });
      expect(answer.status, JSON.stringify(fullName)).toBe(400);
      expect(fieldErrors(answer.json).fullName).toEqual([UNSUPPORTED_CHARACTERS_MESSAGE]);
    }
    expect(await count(server.db, tableOf[procedure])).toBe(0);
  });

  it('stores real names as typed, and an optional message with nothing visible as null', async () => {
    const answer = await post(server.baseUrl, 'submitAppointment', {
      ...validInput.submitAppointment(),
      fullName: 'Ọlá Adébáyọ̀ 👨‍👩‍👧',
      message: '\u200B\u3164\u2800',
    });
    expect(answer.status).toBe(200);
    const row = await server.db
      .selectFrom('appointments')
      .select(['full_name', 'message'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ full_name: 'Ọlá Adébáyọ̀ 👨‍👩‍👧'.normalize('NFC'), message: null });
  });
});

describe('the account name', () => {
  it('refuses a sign-up whose name is invisible or holds BEL, and creates no account', async () => {
    for (const fullName of ['\u3164', '\u2800', 'Ada\u0007Obi']) {
      const response = await fetch(`${server.baseUrl}/trpc/auth.signUp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ fullName, email: 'invisible@example.ng', password: 'Ewa-agoyin-2024!' }),
      });
      expect(response.status, JSON.stringify(fullName)).toBe(400);
    }
    const users = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'invisible@example.ng')
      .execute();
    expect(users).toEqual([]);
  });
});
