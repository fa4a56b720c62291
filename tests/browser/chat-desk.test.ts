/**
 * The chat as a support desk (issue #14), in real browsers: two agents and two visitors (a Pidgin emergency, a claim,
 * Ask to transfer, resolve and rating), and an out-of-hours conversation whose answer reaches the visitor by e-mail
 * over a real SMTP server after they left.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { createSession, generateSessionToken } from '../../server/auth/session';
import { users } from '../../server/data/users';
import { chatTexts } from '../../shared/chat-texts';
import { DESKTOP, MOBILE, axeViolations, waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { startSiteServer } from '../helpers/site-server';
import { startSmtpServer } from '../helpers/smtp-test-server';
import { ALWAYS_CLOSED } from '../helpers/support-clocks';
import { uniqueEmail } from '../helpers/unique-email';
import { consoleSearchRow as searchRow, openChat, sendChat, signInAs } from './chat-helpers';

const consoleRow = (agent: Page, text: string) =>
  agent.getByRole('button', { name: /Visitor #\d+/ }).filter({ hasText: text });

describe('a support desk with two agents and two visitors', () => {
  browserTest(
    'urgent Pidgin emergency first; a claimed room offers Ask to transfer; the holder transfers; resolve and rate',
    async ({ open, newContext }) => {
      const adaContext = await newContext(DESKTOP);
      await signInAs(adaContext, 'agent', 'Ada Obi');
      const ada = await adaContext.newPage();
      await ada.goto('/staff/chats');
      await ada.getByRole('heading', { name: 'Support console' }).waitFor();
      const bolaContext = await newContext(DESKTOP);
      await signInAs(bolaContext, 'agent', 'Bola Ade');
      const bola = await bolaContext.newPage();
      await bola.goto('/staff/chats');
      await bola.getByRole('heading', { name: 'Support console' }).waitFor();
      // Presence: Ada sees Bola in the team list.
      await ada
        .getByRole('region', { name: 'Team' })
        .getByText(/Bola Ade — Online/)
        .waitFor();

      // Two visitors: one on a phone with a question, one on a laptop with an emergency in Pidgin.
      const first = await open('/services', MOBILE);
      await waitForHydration(first.page);
      // 'Chat with us' is the second stop in the tab order and moves focus to the launcher.
      await first.page.keyboard.press('Tab');
      await first.page.keyboard.press('Tab');
      const focusedName = () => first.page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      expect(await focusedName()).toBe(chatTexts.skipToChat);
      await first.page.keyboard.press('Enter');
      expect(await first.page.evaluate(() => document.activeElement?.id)).toBe('chat-launcher');
      await openChat(first.page);
      const firstText = `Do you do home visits? ${Date.now()}`;
      await sendChat(first.page, firstText);
      const second = await open('/about', DESKTOP);
      await waitForHydration(second.page);
      const secondPanel = await openChat(second.page);
      const emergency = `Abeg help, my chest dey pain me ${Date.now()}`;
      await sendChat(second.page, emergency);
      await secondPanel.getByText(chatTexts.emergencyReply).waitFor({ timeout: 5000 });
      await secondPanel.getByText(chatTexts.botReplyAfterEmergency).waitFor({ timeout: 5000 });
      expect(await secondPanel.getByText('general inquiries').count()).toBe(0);
      // The emergency reply's numbers are tappable.
      expect(await secondPanel.getByRole('link', { name: '112' }).first().getAttribute('href')).toBe('tel:112');

      // The urgent room is marked and listed first for both agents.
      for (const agent of [ada, bola]) {
        await consoleRow(agent, 'Urgent').first().waitFor();
        const rows = agent.getByRole('button', { name: /Visitor #\d+/ });
        expect(await rows.first().textContent()).toContain('Urgent');
        // Search finds it by what the visitor wrote (the list shows the bot's last line).
        expect(await (await searchRow(agent, emergency)).textContent()).toContain('Urgent');
      }

      // The second visitor moves to WhatsApp; the console shows it.
      const whatsAppLink = secondPanel.getByRole('link', { name: /Continue on WhatsApp/ });
      // The prefilled text carries the conversation's reference ('#123').
      expect(await whatsAppLink.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=.*%23\d+/);
      const [whatsApp] = await Promise.all([second.page.waitForEvent('popup'), whatsAppLink.click()]);
      await whatsApp.close();
      await (await searchRow(ada, emergency)).click();
      await ada.getByText(/Moved to WhatsApp at \d\d:\d\d/).waitFor();

      // Ada joins the first visitor's room.
      await (await searchRow(ada, firstText)).click();
      await ada.getByRole('button', { name: 'Join', exact: true }).click();
      await ada.getByRole('button', { name: 'Leave (hand back to the bot)' }).waitFor();

      // Bola tries to join too: told who has it, and can ask for a transfer.
      await (await searchRow(bola, firstText)).click();
      await bola.getByRole('button', { name: /^Join/ }).click();
      await bola.getByText('Ada Obi has this conversation.').waitFor();
      expect(await bola.getByText('Something went wrong').count()).toBe(0);
      await bola.getByRole('button', { name: 'Ask to transfer' }).click();
      await bola.getByText('Asked Ada Obi to transfer it to you.').waitFor();

      // Ada gets the request and transfers; the visitor sees Bola.
      await ada.getByRole('button', { name: 'Transfer to Bola Ade' }).click();
      await bola.getByRole('button', { name: 'Leave (hand back to the bot)' }).waitFor();
      const firstPanel = first.page.getByRole('dialog', { name: 'Chat Support' });
      await firstPanel.getByText(chatTexts.agentJoined('Bola Ade')).waitFor();
      await bola.getByRole('textbox', { name: 'Your reply' }).fill('Hello, this is Bola. Call us on 0803 123 4567.');
      await bola.getByRole('textbox', { name: 'Your reply' }).press('Enter');
      await firstPanel.getByText(/Hello, this is Bola/).waitFor();
      expect(await firstPanel.getByRole('link', { name: '0803 123 4567' }).getAttribute('href')).toBe(
        'tel:08031234567',
      );

      // Bola resolves; the visitor is asked 'How did we do?' and rates it.
      await bola.getByRole('button', { name: 'Resolve', exact: true }).click();
      await firstPanel.getByText(chatTexts.ratingQuestion).waitFor();
      await firstPanel.getByRole('radio', { name: chatTexts.ratingLabel(5) }).check();
      await firstPanel.getByRole('button', { name: chatTexts.ratingSend }).click();
      await firstPanel.getByText(chatTexts.ratingThanks).waitFor();
      await bola.getByRole('button', { name: /^Resolved/ }).click();
      await bola.getByText('Rated 5/5').first().waitFor();
      await bola.getByText(/Rating: 5/).waitFor();

      // On a phone the panel is modal: Escape closes it and focus returns to the launcher.
      await first.page.keyboard.press('Escape');
      await firstPanel.waitFor({ state: 'hidden' });
      expect(await first.page.evaluate(() => document.activeElement?.id)).toBe('chat-launcher');

      expect(await axeViolations(ada)).toEqual([]);
      expect(await axeViolations(bola)).toEqual([]);
      expect(await axeViolations(first.page)).toEqual([]);
    },
  );
});

describe('out of hours, and a follow-up by e-mail over real SMTP', () => {
  browserTest(
    'the bot says when the team is back and takes an e-mail; the agent’s later reply reaches the visitor who left',
    async ({ browser, contexts }) => {
      const smtp = await startSmtpServer();
      const site = await startSiteServer(
        { SMTP_URL: smtp.url },
        { supportClock: ALWAYS_CLOSED, followUpAfterMs: 1500 },
      );
      try {
        const visitorContext = await browser.newContext({ ...MOBILE, baseURL: site.baseUrl });
        contexts.push(visitorContext);
        const visitor = await visitorContext.newPage();
        await visitor.goto('/contact');
        await waitForHydration(visitor);
        const panel = await openChat(visitor);
        await sendChat(visitor, 'Are you open now?');
        await panel.getByText(chatTexts.botOffline('on Monday at 08:00')).waitFor({ timeout: 5000 });
        // Issue #23: the dots go as the reply comes, whatever its words.
        expect(await panel.getByText(chatTexts.botTyping).count()).toBe(0);
        await sendChat(visitor, 'no thanks');
        await panel.getByText(chatTexts.contactInvalid).waitFor();
        expect(await panel.getByText(chatTexts.botTyping).count()).toBe(0);
        // The bot's sample number is not a number to call.
        expect(await panel.getByRole('link', { name: '0803 123 4567' }).count()).toBe(0);
        const address = uniqueEmail('late.visitor');
        await sendChat(visitor, `It is ${address}`);
        await panel.getByText(chatTexts.contactSaved(address)).waitFor();

        // An agent comes in (next morning, say): the console shows the contact.
        const db = site.openDatabase();
        const agentUser = await users.create(db, {
          email: uniqueEmail('agent'),
          fullName: 'Kemi Agent',
          passwordHash: 'unused',
          role: 'agent',
          confirmed: true,
        });
        const token = generateSessionToken();
        await createSession(db, token, agentUser.id, 'agent');
        await db.destroy();
        const agentContext = await browser.newContext({ ...DESKTOP, baseURL: site.baseUrl });
        contexts.push(agentContext);
        await agentContext.addCookies([
          { name: 'session', value: token, url: site.baseUrl, httpOnly: true, sameSite: 'Lax' },
        ]);
        const agent = await agentContext.newPage();
        await agent.goto('/staff/chats');
        // The row previews the visitor's last words (issue #29.3), not the bot's thanks after them.
        await consoleRow(agent, `It is ${address}`).click();
        await agent.getByText(`Follow up: ${address} (e-mail)`).waitFor();

        // The visitor has gone; the agent answers anyway.
        await visitor.close();
        await agent.getByRole('button', { name: 'Join', exact: true }).click();
        await agent.getByRole('button', { name: 'Leave (hand back to the bot)' }).waitFor();
        await agent
          .getByRole('textbox', { name: 'Your reply' })
          .fill('Good morning! Yes, we are open until 18:00 today.');
        await agent.getByRole('textbox', { name: 'Your reply' }).press('Enter');

        const mail = await smtp.waitForMail((received) => received.to.includes(address), 15_000);
        expect(mail.subject).toMatch(/^A reply to your chat with .+ \(#\d+\)$/);
        expect(mail.decoded).toContain('Good morning! Yes, we are open until 18:00 today.');
        expect(mail.decoded).toContain('/#chat');
      } finally {
        await smtp.close();
        await site.close();
      }
    },
  );
});
