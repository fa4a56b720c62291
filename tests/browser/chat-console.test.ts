import { describe, expect } from 'vitest';
import { chatTexts } from '../../shared/chat-texts';
import { DESKTOP, MOBILE, axeViolations, waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { withServerDb } from '../helpers/server-db';
import { waitFor } from '../helpers/wait-for';
import { chatMessagesFrom, consoleSearchRow, openChat, sendChat, signInAs } from './chat-helpers';

const INJECTION = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><b>bold</b>';

describe('the agent console with a live visitor (two browsers)', () => {
  browserTest(
    'sees a visitor chat live across pages, joins and replies; the visitor sees the reply and the agent’s name; markup stays text',
    async ({ open, newContext }) => {
      // The agent signs in and opens the console.
      const agentContext = await newContext(DESKTOP);
      await signInAs(agentContext, 'agent', 'Ngozi Eze');
      const agent = await agentContext.newPage();
      const agentErrors: string[] = [];
      agent.on('console', (message) => {
        if (message.type() === 'error') agentErrors.push(message.text());
      });
      agent.on('pageerror', (error) => agentErrors.push(error.message));
      await agent.goto('/agent');
      await agent.getByText('Signed in as Ngozi Eze').waitFor();

      // A visitor writes from the About page, then moves to Contact.
      const visitor = await open('/about', DESKTOP);
      await waitForHydration(visitor.page);
      const panel = await openChat(visitor.page);
      await sendChat(visitor.page, 'Hello, I want to ask about home visits');
      await panel.getByText('Hello, I want to ask about home visits').waitFor();
      await panel.getByText(chatTexts.botReply).waitFor({ timeout: 4000 });
      await visitor.page.getByRole('button', { name: 'Close Chat Support' }).first().click();
      await visitor.page.getByRole('link', { name: 'Contact', exact: true }).first().click();
      await visitor.page.waitForURL('**/contact');

      // The agent sees it live: 'Visitor #n', the page the visitor is on, the preview, unread count, tab title.
      // Other tests' conversations may be listed too: this visitor is the one online on /contact.
      const item = agent.getByRole('button', { name: /Visitor #\d+/ }).filter({ hasText: 'Online · on /contact' });
      await item.waitFor();
      // The preview is the visitor's words, not the bot's reply after them (issue #29.3).
      expect(await item.textContent()).toContain('Visitor: Hello, I want to ask about home visits');
      expect(await item.textContent()).toMatch(/Waiting less than a minute · Bot answering/);
      expect(await item.textContent()).toMatch(/1 unread/);
      // The tab title counts unread visitor messages (other tests may have left some too).
      expect(await agent.title()).toMatch(/^\([1-9]\d*\) Support console/);
      expect(await axeViolations(agent)).toEqual([]);

      // Open and join; the visitor sees who joined.
      await item.click();
      const log = agent.getByRole('log', { name: /Messages with Visitor #\d+/ });
      await log.getByText('Hello, I want to ask about home visits').waitFor();
      await agent.getByRole('button', { name: 'Join', exact: true }).click();
      await agent.getByRole('button', { name: 'Leave (hand back to the bot)' }).waitFor();
      const reopened = await openChat(visitor.page);
      await reopened.getByText('You are chatting with Ngozi Eze').waitFor();

      // The visitor types: the agent sees it; then sends markup, which the console shows as text.
      await visitor.page.getByRole('textbox', { name: 'Type your message' }).fill('Let me ask');
      await agent.getByText(/Visitor #\d+ is typing…/).waitFor();
      await sendChat(visitor.page, INJECTION);
      await log.getByText(INJECTION, { exact: true }).waitFor();
      expect(await log.locator('img, script, b').count()).toBe(0);
      expect(await agent.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(await reopened.locator('img, b').count()).toBe(0);
      // The list's preview shows it as text too.
      await item.getByText(`Visitor: ${INJECTION}`).waitFor();
      expect(
        await agent
          .getByRole('navigation', { name: /^Conversations/ })
          .locator('img, script, b')
          .count(),
      ).toBe(0);

      // A canned reply, edited and sent with Enter, reaches the visitor at once with the agent's name.
      await agent.getByLabel('Canned reply').selectOption({ index: 1 });
      const reply = agent.getByLabel('Your reply');
      expect(await reply.inputValue()).toBe('Thank you for waiting. How can I help you today?');
      await reply.fill('Yes, we do home visits in Lekki and Ikeja.');
      await reply.press('Enter');
      // Listed under the agent's name (the sender line), with the text as sent.
      const agentMessage = chatMessagesFrom(reopened, 'Ngozi Eze');
      await agentMessage.waitFor({ timeout: 3000 });
      expect(await agentMessage.getByRole('paragraph').textContent()).toBe(
        'Yes, we do home visits in Lekki and Ikeja.',
      );
      // The bot stayed quiet after the join (only its first reply, before the join, is there). Once this conversation
      // owes no bot reply, none can come (tests/helpers/bot-replies.ts): no fixed wait for one that should not.
      const bot = await withServerDb(async (db) => {
        const { conversation_id: conversationId } = await db
          .selectFrom('chat_messages')
          .select('conversation_id')
          .where('message', '=', INJECTION)
          .executeTakeFirstOrThrow();
        const owed = () =>
          db.selectFrom('chat_pending_replies').select('id').where('conversation_id', '=', conversationId).execute();
        await waitFor(async () => (await owed()).length === 0, 10_000, 'no bot reply owed');
        return db
          .selectFrom('chat_messages')
          .select('message')
          .where('conversation_id', '=', conversationId)
          .where('sender', '=', 'bot')
          .execute();
      });
      expect(bot.map((row) => row.message)).toEqual([chatTexts.botReply]);
      expect(await reopened.getByText(chatTexts.botReply).count()).toBe(1);
      expect(await axeViolations(visitor.page)).toEqual([]);
      expect(await axeViolations(agent)).toEqual([]);

      // Leave hands the room back to the bot; the visitor is told.
      await agent.getByRole('button', { name: 'Leave (hand back to the bot)' }).click();
      await reopened.getByText(chatTexts.agentLeft('Ngozi Eze')).waitFor();

      expect(agentErrors).toEqual([]);
      expect(visitor.consoleErrors).toEqual([]);
    },
  );

  for (const [size, options] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    browserTest(`has no axe violations with a conversation open (${size} px)`, async ({ open }) => {
      const visitor = await open('/', options);
      await waitForHydration(visitor.page);
      await openChat(visitor.page);
      await sendChat(visitor.page, `Checking the console at ${size} px`);
      // Stored: no longer marked as sending.
      await chatMessagesFrom(visitor.page, chatTexts.you).filter({ hasNotText: chatTexts.sending }).waitFor();

      const { page, context } = await open('/', options);
      await signInAs(context, 'admin', 'Bola Adeyemi');
      await page.goto('/agent');
      await page.getByText('Signed in as Bola Adeyemi').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // Other tests' rooms may be listed (urgent ones first): search finds this visitor's.
      await (await consoleSearchRow(page, `Checking the console at ${size} px`)).click();
      await page.getByRole('log').getByText(`Checking the console at ${size} px`).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  browserTest(
    '/agent is now the staff app’s Chats: visitors go to log in, patients see "Staff only"',
    async ({ open }) => {
      const anonymous = await open('/agent', DESKTOP);
      await anonymous.page.waitForURL('**/login?next=%2Fstaff%2Fchats');
      const patient = await open('/', DESKTOP);
      await signInAs(patient.context, 'patient', 'Adaeze Okafor');
      await patient.page.goto('/agent');
      await patient.page.waitForURL('**/staff/chats');
      await patient.page.getByRole('heading', { level: 1, name: 'Staff only' }).waitFor();
    },
  );
});
