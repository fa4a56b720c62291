/** Helpers for the chat browser tests (not a test file itself). */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createSession, generateSessionToken } from '../../server/auth/session';
import { users } from '../../server/data/users';
import type { AppDatabase } from '../../server/db/database';
import type { UserRole } from '../../server/db/schema';
import { baseUrl } from '../helpers/browser';
import { openServerDatabase } from '../helpers/server-db';

/**
 * A user with a session in the test server's database (or in `server`'s, a test's own site server), signed in on
 * `context`.
 */
export async function signInAs(
  context: BrowserContext,
  role: UserRole,
  fullName: string,
  server: { baseUrl: string; openDatabase: () => AppDatabase } = {
    baseUrl: baseUrl(),
    openDatabase: openServerDatabase,
  },
) {
  const db = server.openDatabase();
  try {
    const user = await users.create(db, {
      email: `${role}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ng`,
      fullName,
      passwordHash: 'not-used-in-this-test',
      role,
      confirmed: true,
    });
    const token = generateSessionToken();
    await createSession(db, token, user.id);
    await context.addCookies([{ name: 'session', value: token, url: server.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    return user;
  } finally {
    await db.destroy();
  }
}

/** Opens the chat with the floating button and waits for the panel. */
export async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Open Chat Support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chat Support' });
  await dialog.waitFor();
  return dialog;
}

/** Types a message into the panel and presses Enter. */
export async function sendChat(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Type your message' });
  await input.fill(text);
  await input.press('Enter');
}

export const chatCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'chat_visitor');

/**
 * The messages in a chat log sent by `who` ('You', 'Support bot' or an agent's name), found by
 * role and the sender line each message shows, not by class names.
 */
export const chatMessagesFrom = (scope: Page | Locator, who: string) =>
  scope
    .getByRole('log', { name: 'Messages', exact: true })
    .getByRole('listitem')
    .filter({ has: ('mainFrame' in scope ? scope : scope.page()).getByText(who, { exact: true }) });

/** The text of each message in a chat log (its paragraph), in order. */
export const chatMessageTexts = (scope: Page | Locator) =>
  scope
    .getByRole('log', { name: 'Messages', exact: true })
    .getByRole('listitem')
    .getByRole('paragraph')
    .allTextContents();

/** How many stored chat messages have exactly this text (read from the test server's database). */
export async function countStoredMessages(text: string) {
  const db = openServerDatabase();
  try {
    const rows = await db.selectFrom('chat_messages').select('id').where('message', '=', text).execute();
    return rows.length;
  } finally {
    await db.destroy();
  }
}

/** Finds a conversation with the console's search (name, e-mail or message text) and returns its row. */
export async function consoleSearchRow(agent: Page, text: string) {
  await agent.getByRole('searchbox', { name: 'Search conversations' }).fill(text);
  await agent.getByRole('button', { name: 'Search', exact: true }).click();
  const row = agent.getByRole('button', { name: /Visitor #\d+/ }).first();
  await agent.getByText(/1 conversation matches/).waitFor();
  return row;
}

/**
 * Records every tone the staff app starts (its alerts are Web Audio oscillators, not files): the frequency of each,
 * in order, on `window.__tones`. Headless Chromium has no speakers, so this is what "a sound plays" can be checked by.
 */
export async function recordTones(context: BrowserContext) {
  await context.addInitScript(() => {
    const tones: number[] = [];
    (window as unknown as { __tones: number[] }).__tones = tones;
    const prototype = BaseAudioContext.prototype;
    const create = Object.getOwnPropertyDescriptor(prototype, 'createOscillator')!.value as (
      this: BaseAudioContext,
    ) => OscillatorNode;
    prototype.createOscillator = function (this: BaseAudioContext) {
      const oscillator = create.call(this);
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (when?: number) => {
        tones.push(oscillator.frequency.value);
        start(when);
      };
      return oscillator;
    };
  });
}

export const tonesOf = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number[] }).__tones);
