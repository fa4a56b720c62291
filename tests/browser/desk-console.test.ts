/**
 * The chat console at a glance and one view of the patient (issue #29.3, #29.4), in real browsers: an admin at a
 * desk (1280×800) and an agent on a phone (375×800), two visitors. Previews are the visitor's words; the reply box
 * stays in view; a private note reaches the other agent and never the visitor; the patient panel's links and matches
 * beside the conversation and the request; contact details added in the chat; the transcript button off until an
 * address is known; canned replies in their settings panel; axe at both widths on the chats and request pages.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { chatTexts } from '../../shared/chat-texts';
import { DESKTOP, axeViolations, waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { uniqueEmail } from '../helpers/unique-email';
import { withServerDb } from '../helpers/server-db';
import { waitFor } from '../helpers/wait-for';
import { openChat, sendChat, signInAs } from './chat-helpers';
import { bookAppointment } from './staff-helpers';

const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true };

/** A conversation's row in the console's list, by the words its preview shows. */
const consoleRow = (agent: Page, text: string) =>
  agent
    .getByRole('navigation', { name: /^Conversations/ })
    .getByRole('button')
    .filter({ hasText: text });

/** The reply box lies wholly inside the window, without scrolling the page. */
async function replyBoxInView(agent: Page) {
  const box = await agent.getByRole('textbox', { name: 'Your reply' }).boundingBox();
  const height = agent.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

const panelOf = (agent: Page) => agent.getByRole('complementary', { name: 'Patient' });

describe('the chat console at a glance and one view of the patient', () => {
  browserTest(
    "previews, the reply box in view, private notes, the patient panel, contact details and the transcript's reason",
    async ({ open, newContext }) => {
      const stamp = Date.now();
      const adaContext = await newContext(DESKTOP);
      await signInAs(adaContext, 'admin', 'Ada Obi');
      const ada = await adaContext.newPage();
      await ada.goto('/staff/chats');
      await ada.getByRole('heading', { name: 'Support console' }).waitFor();
      const bolaContext = await newContext(PHONE);
      await signInAs(bolaContext, 'agent', 'Bola Ade');
      const bola = await bolaContext.newPage();
      await bola.goto('/staff/chats');
      await bola.getByRole('heading', { name: 'Support console' }).waitFor();

      // The patient's earlier request, by the same address and number the agent will learn in the chat.
      const email = uniqueEmail(`kemi${stamp}`, 'example.ng');
      const reference = await bookAppointment('Kemi Adeyemi', email, undefined, '0803 555 7788');

      // Two visitors: an emergency on a laptop, a question on a phone.
      const first = await open('/about', DESKTOP);
      await waitForHydration(first.page);
      const firstPanel = await openChat(first.page);
      const emergency = `my chest is paining me ${stamp}`;
      await sendChat(first.page, emergency);
      await firstPanel.getByText(chatTexts.emergencyReply).waitFor({ timeout: 5000 });
      const second = await open('/services', PHONE);
      await waitForHydration(second.page);
      await openChat(second.page);
      await sendChat(second.page, `Do you do home visits? ${stamp}`);

      // The list shows the visitor's words, not the bot's emergency reply after them.
      const urgentRow = consoleRow(ada, emergency);
      await urgentRow.waitFor();
      expect(await urgentRow.textContent()).toContain(`Visitor: ${emergency}`);
      expect(await urgentRow.textContent()).not.toContain('Bot:');
      await consoleRow(ada, `Do you do home visits? ${stamp}`).waitFor();

      // Ada opens and joins the emergency; the log fills; the reply box stays in view at 1280×800.
      await urgentRow.click();
      await ada.getByRole('button', { name: 'Join', exact: true }).click();
      await ada.getByRole('button', { name: 'Leave (hand back to the bot)' }).waitFor();
      const reply = ada.getByRole('textbox', { name: 'Your reply' });
      const log = ada.getByRole('log', { name: /^Messages with / });
      for (let line = 1; line <= 6; line++) {
        await reply.fill(`Line ${line}: please stay on the chat, help is coming. ${'We are here. '.repeat(6)}`);
        await reply.press('Enter');
        await log.getByText(`Line ${line}:`).waitFor();
        // The box empties when the server has the reply: typing the next one sooner would be cleared with it.
        await waitFor(async () => (await reply.inputValue()) === '', 5000, `reply ${line} stored`);
      }
      expect(await replyBoxInView(ada)).toBe(true);

      // No address yet: 'E-mail transcript' is off and says why; the panel knows nothing yet.
      const transcript = ada.getByRole('button', { name: 'E-mail transcript' });
      expect(await transcript.isDisabled()).toBe(true);
      await ada.getByText('E-mail transcript is off: no e-mail address is known for this visitor.').waitFor();
      await panelOf(ada).getByText('Not known').first().waitFor();

      // Contact details: a bad address is named at its field; then the address and number the visitor gives.
      await ada.getByText('Contact details', { exact: true }).click();
      const contact = ada.getByRole('form', { name: 'Contact details' });
      await contact.getByLabel('E-mail address').fill('kemi@');
      await contact.getByRole('button', { name: 'Save contact details' }).click();
      await contact.getByText('Enter an email address in the correct format, like name@example.com.').first().waitFor();
      await contact.getByLabel('Name').fill('Kemi Adeyemi');
      await contact.getByLabel('E-mail address').fill(email);
      await contact.getByLabel('Phone number').fill('0803 555 7788');
      await contact.getByRole('button', { name: 'Save contact details' }).click();
      await contact.getByText('Contact details saved.').waitFor();
      await ada.getByRole('heading', { level: 2, name: 'Kemi Adeyemi' }).waitFor();
      expect(await transcript.isDisabled()).toBe(false);

      // The panel: mailto:, tel: and WhatsApp links, and the earlier request matched by e-mail and phone.
      const panel = panelOf(ada);
      expect(await panel.getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
      expect(await panel.getByRole('link', { name: '+2348035557788', exact: true }).getAttribute('href')).toBe(
        'tel:+2348035557788',
      );
      expect(await panel.getByRole('link', { name: /^WhatsApp/ }).getAttribute('href')).toBe(
        'https://wa.me/2348035557788',
      );
      const requestLink = panel.getByRole('link', { name: new RegExp(`^${reference}`) });
      await requestLink.waitFor();
      expect(await panel.getByRole('listitem').filter({ hasText: reference }).textContent()).toContain(
        'by same e-mail, same phone',
      );

      // A private note: Bola (on a phone) sees it marked as a note; the visitor never does.
      const secret = `Sounds like angina, call an ambulance if no answer ${stamp}`;
      await ada.getByText('Add a private note', { exact: true }).click();
      await ada.getByRole('textbox', { name: 'Private note (staff only)' }).fill(secret);
      await ada.getByRole('button', { name: 'Save note' }).click();
      await log.getByText(secret).waitFor();
      await consoleRow(bola, emergency).click();
      const bolaLog = bola.getByRole('log', { name: /Messages with Kemi Adeyemi/ });
      await bolaLog.getByRole('listitem').filter({ hasText: 'Private note · Ada Obi' }).getByText(secret).waitFor();
      expect(await replyBoxInView(bola)).toBe(true);
      await waitFor(async () => (await reply.inputValue()) === '', 5000, 'the box is free');
      await reply.fill(`An ambulance is on the way ${stamp}`);
      await reply.press('Enter');
      await firstPanel.getByText(`An ambulance is on the way ${stamp}`).waitFor();
      expect(await firstPanel.getByText(secret).count()).toBe(0);
      expect(await first.page.content()).not.toContain(stamp + ' ambulance if no answer');
      expect(await first.page.content()).not.toContain('angina');

      expect(await axeViolations(ada)).toEqual([]);
      expect(await axeViolations(bola)).toEqual([]);

      // Canned replies live in their settings panel; Delete asks first.
      await ada.getByText('Canned reply settings', { exact: true }).click();
      const canned = ada.getByRole('region', { name: 'Canned replies' });
      await canned
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await canned.getByText(/for the whole team\? This cannot be undone\./).waitFor();
      await canned.getByRole('button', { name: 'Keep it' }).click();
    },
  );

  browserTest(
    "the request's page: the panel finds the person's conversation by e-mail and phone, and links to it",
    async ({ newContext }) => {
      const stamp = Date.now();
      const email = uniqueEmail(`tunde${stamp}`, 'example.ng');
      const reference = await bookAppointment('Tunde Bello', email, undefined, '0803 555 6611');
      // A chat where an agent took the same person's details (another case, another spelling of the number).
      const { requestId, conversationId } = await withServerDb(async (db) => {
        const request = await db
          .selectFrom('requests')
          .select('id')
          .where('reference', '=', reference)
          .executeTakeFirstOrThrow();
        const at = new Date().toISOString();
        const conversation = await db
          .insertInto('chat_conversations')
          .values({
            visitor_key: `v:desk-console-${stamp}`,
            contact_name: 'Tunde Bello',
            contact_email: email.toUpperCase(),
            contact_phone: '+2348035556611',
            last_activity_at: at,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('chat_messages')
          .values({
            conversation_id: conversation.id,
            sender: 'user',
            message: `About my visit ${stamp}`,
            created_at: at,
          })
          .execute();
        return { requestId: request.id, conversationId: conversation.id };
      });

      const adaContext = await newContext(DESKTOP);
      await signInAs(adaContext, 'admin', 'Ada Obi');
      const ada = await adaContext.newPage();
      await ada.goto(`/staff/requests/${requestId}`);
      await ada.getByRole('heading', { level: 1, name: new RegExp(reference) }).waitFor();
      const panel = panelOf(ada);
      const conversationLink = panel.getByRole('link', { name: `Conversation #${conversationId}` });
      await conversationLink.waitFor();
      expect(
        await panel
          .getByRole('listitem')
          .filter({ hasText: `#${conversationId}` })
          .textContent(),
      ).toContain('by same e-mail, same phone');
      expect(await panel.getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
      expect(await axeViolations(ada)).toEqual([]);

      const bolaContext = await newContext(PHONE);
      await signInAs(bolaContext, 'agent', 'Bola Ade');
      const bola = await bolaContext.newPage();
      await bola.goto(`/staff/requests/${requestId}`);
      await panelOf(bola)
        .getByRole('link', { name: `Conversation #${conversationId}` })
        .waitFor();
      expect(await axeViolations(bola)).toEqual([]);

      // The link opens that conversation in the console.
      await conversationLink.click();
      await ada.getByRole('heading', { level: 2, name: 'Tunde Bello' }).waitFor();
      await ada.getByRole('log', { name: 'Messages with Tunde Bello' }).getByText(`About my visit ${stamp}`).waitFor();
    },
  );
});
