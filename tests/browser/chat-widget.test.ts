import { describe, expect } from 'vitest';
import { chatTexts } from '../../shared/chat-texts';
import { DESKTOP, MOBILE, axeViolations, waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import {
  chatCookie,
  chatMessageTexts,
  chatMessagesFrom,
  countStoredMessages,
  openChat,
  sendChat,
} from './chat-helpers';

describe('the visitor chat widget', () => {
  for (const [size, options] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    browserTest(
      `opens Chat Support, greets, sends, shows the bot typing and its reply, and closes with Escape (${size} px)`,
      async ({ open }) => {
        const { page, context, consoleErrors } = await open('/about', options);
        const socketRequests: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/socket.io/')) socketRequests.push(request.url());
        });
        await waitForHydration(page);
        // Nothing of the chat runs before the visitor opens it: no socket, no cookie.
        await page.waitForTimeout(300);
        expect(socketRequests).toEqual([]);
        expect(await chatCookie(context)).toBeUndefined();

        const launcher = page.getByRole('button', { name: 'Open Chat Support' });
        await launcher.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Chat Support' });
        await dialog.waitFor();
        await dialog.getByText(chatTexts.greeting).waitFor();
        const input = page.getByRole('textbox', { name: 'Type your message' });
        expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
        expect(await axeViolations(page)).toEqual([]);

        const cookie = await chatCookie(context);
        expect(cookie?.httpOnly).toBe(true);

        if (size === '375') {
          const box = await dialog.boundingBox();
          expect(box).toMatchObject({ x: 0, width: 375 });
          expect(Math.round(box!.height)).toBe(740);
        }

        // Whitespace only: nothing is sent.
        await input.fill('   ');
        await input.press('Enter');
        expect(await chatMessagesFrom(dialog, chatTexts.you).count()).toBe(0);

        // Shift+Enter makes a new line; Enter sends.
        await input.fill('');
        await input.type('Do you have a clinic in Ikeja?');
        await input.press('Shift+Enter');
        await input.type('Thank you.');
        expect(await input.inputValue()).toBe('Do you have a clinic in Ikeja?\nThank you.');
        await input.press('Enter');
        const mine = chatMessagesFrom(dialog, chatTexts.you);
        await mine.first().waitFor();
        expect(await mine.first().getByRole('paragraph').textContent()).toBe(
          'Do you have a clinic in Ikeja?\nThank you.',
        );
        expect(await mine.first().locator('time').textContent()).toMatch(/^\d{1,2}:\d{2}\s?(am|pm)$/i);
        expect(await input.inputValue()).toBe('');
        await dialog.getByText(chatTexts.botTyping).waitFor();
        await dialog.getByText(chatTexts.botReply).waitFor({ timeout: 4000 });
        expect(await dialog.getByText(chatTexts.botTyping).count()).toBe(0);
        expect(await axeViolations(page)).toEqual([]);

        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        expect(await launcher.evaluate((element) => element === document.activeElement)).toBe(true);
        expect(consoleErrors).toEqual([]);
      },
    );
  }

  browserTest(
    'keeps the conversation across navigation and reloads, and badges a reply that arrives while closed',
    async ({ open }) => {
      const { page, consoleErrors } = await open('/', DESKTOP);
      await waitForHydration(page);
      await openChat(page);
      await sendChat(page, 'Hello from the home page');
      await page.getByRole('button', { name: 'Close Chat Support' }).first().click();
      // The bot's reply arrives while the panel is closed: the button shows an unread badge.
      await page.getByRole('button', { name: /Open Chat Support\s*1 unread/ }).waitFor({ timeout: 4000 });

      // Client-side navigation keeps the widget (it lives in the layout).
      await page.getByRole('link', { name: 'About', exact: true }).first().click();
      await page.waitForURL('**/about');
      const dialog = await openChat(page);
      await dialog.getByText('Hello from the home page').waitFor();
      await dialog.getByText(chatTexts.botReply).waitFor();

      // A reload: the history comes back from the database, in order, without the greeting.
      await page.reload();
      await waitForHydration(page);
      const reopened = await openChat(page);
      await reopened.getByText('Hello from the home page').waitFor();
      const texts = await chatMessageTexts(reopened);
      expect(texts).toEqual(['Hello from the home page', chatTexts.botReply]);
      expect(consoleErrors).toEqual([]);
    },
  );

  browserTest(
    'shows the offline banner when the network goes, keeps a message typed offline across a reload, and sends it once when back',
    async ({ open }) => {
      const { page, context } = await open('/', DESKTOP);
      await waitForHydration(page);
      const dialog = await openChat(page);
      await sendChat(page, 'Hello before going offline');
      await dialog.getByText(chatTexts.botReply).waitFor({ timeout: 4000 });

      await context.setOffline(true);
      // That the banner shows at all is checked here; that it shows within 5 s (ping interval plus timeout) is a
      // timing bound, measured alone in tests/server/chat/reply-delay.perf.test.ts (issue #25.4); this timeout only
      // ends a hung run.
      await dialog.getByRole('status').getByText(chatTexts.offline).waitFor({ timeout: 20_000 });
      const offlineText = `Typed while offline ${Date.now()}`;
      await sendChat(page, offlineText);
      await chatMessagesFrom(dialog, chatTexts.you)
        .filter({ hasText: offlineText })
        .filter({ hasText: chatTexts.sending })
        .waitFor();

      // A reload while the chat server is still out of reach: the message is still there, waiting.
      await page.route('**/socket.io/**', (route) => route.abort());
      await context.setOffline(false);
      await page.reload();
      await waitForHydration(page);
      const reopened = await openChat(page);
      await chatMessagesFrom(reopened, chatTexts.you)
        .filter({ hasText: offlineText })
        .filter({ hasText: chatTexts.sending })
        .waitFor();

      // The server is reachable again: sent once, no longer marked as sending, no error.
      await page.unroute('**/socket.io/**');
      await chatMessagesFrom(reopened, chatTexts.you)
        .filter({ hasText: offlineText })
        .filter({ hasNotText: chatTexts.sending })
        .waitFor({ timeout: 20_000 });
      expect(await page.getByText(chatTexts.errorTitle).count()).toBe(0);
      expect(await countStoredMessages(offlineText)).toBe(1);
    },
    60_000,
  );

  browserTest(
    "shows 'Bot is typing...' only while a reply is owed: not for a second message in the same waiting period",
    async ({ open }) => {
      const { page, consoleErrors } = await open('/', DESKTOP);
      await waitForHydration(page);
      const dialog = await openChat(page);
      await sendChat(page, 'Is the Lekki clinic open on Saturday?');
      await dialog.getByText(chatTexts.botTyping).waitFor();
      await dialog.getByText(chatTexts.botReply).waitFor({ timeout: 4000 });
      expect(await dialog.getByText(chatTexts.botTyping).count()).toBe(0);

      // Issue #23: the bot answers once per waiting period, so the second message is owed nothing. Once it is stored
      // (no longer 'Sending...') the server has said whether a reply is owed.
      const second = `And on Sunday? ${Date.now()}`;
      await sendChat(page, second);
      await chatMessagesFrom(dialog, chatTexts.you)
        .filter({ hasText: second })
        .filter({ hasNotText: chatTexts.sending })
        .waitFor();
      expect(await dialog.getByText(chatTexts.botTyping).count()).toBe(0);
      // One acknowledgement. The greeting is no answer: it shows when the panel syncs before the first send (a race
      // the visitor's typing speed decides), so it is left out of the count.
      const botAnswers = chatMessagesFrom(dialog, chatTexts.bot).filter({ hasNotText: chatTexts.greeting });
      expect(await botAnswers.count()).toBe(1);
      expect(consoleErrors).toEqual([]);
    },
  );

  browserTest('opens when another feature dispatches app:open-chat', async ({ open }) => {
    const { page } = await open('/', DESKTOP);
    await waitForHydration(page);
    await page.evaluate(() => window.dispatchEvent(new Event('app:open-chat')));
    await page.getByRole('dialog', { name: 'Chat Support' }).waitFor();
  });
});
