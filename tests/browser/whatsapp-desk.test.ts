/**
 * Issue #30 in the browser: a WhatsApp patient (the fake provider) writes an emergency in Pidgin; the room turns Urgent
 * in the console with its WhatsApp badge and window; the agent answers and the patient's phone (the fake) receives it,
 * with its receipt shown; once the patient's last message is a day old, the console offers only approved templates.
 */
import { describe, expect } from 'vitest';
import { startFakeProvider } from '../../server/messaging/fake-provider/fake-provider';
import { appEnvFor, fakeCredentialsFrom } from '../../server/messaging/fake-provider/fake-provider-settings';
import { chatTexts } from '../../shared/chat-texts';
import { whatsAppDeskTexts } from '../../shared/messaging/whatsapp-desk';
import { axeViolations } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { freePort } from '../helpers/free-port';
import { startSiteServer } from '../helpers/site-server';
import { waitFor } from '../helpers/wait-for';
import { agentAtConsole, urgentWhatsAppRoom } from './whatsapp-helpers';

const PATIENT = '+2348036660001';
const PIDGIN_EMERGENCY = 'abeg my chest dey pain me well well, I no fit breathe';
const ANSWER = 'Ada here. Please call 112 now, we are calling you too.';

describe('WhatsApp in the console', () => {
  browserTest(
    'a Pidgin emergency from WhatsApp turns the room Urgent; the agent’s answer reaches the phone; after 24 h only a template',
    async ({ browser, contexts }) => {
      const port = await freePort();
      const site = await startSiteServer(appEnvFor(`http://127.0.0.1:${port}`, fakeCredentialsFrom({})));
      const fake = await startFakeProvider({ port, appUrl: site.baseUrl, autoDeliverMs: 50, log: () => undefined });
      const receivedBy = () => fake.messages().filter((message) => message.to === PATIENT);
      try {
        const agent = await agentAtConsole(browser, contexts, 'Ada Obi', site);

        // The patient writes on WhatsApp; the room comes live, Urgent, with the WhatsApp badge.
        expect((await fake.reply(PATIENT, PIDGIN_EMERGENCY, 'whatsapp')).result).toBe(200);
        const row = await urgentWhatsAppRoom(agent);
        // The emergency numbers went back on WhatsApp at once, with the notice about Meta.
        await waitFor(() => receivedBy().length > 0, 10_000, 'the emergency reply on the phone');
        expect(receivedBy()[0]!.text).toContain(chatTexts.emergencyReply);
        expect(receivedBy()[0]!.text).toContain('WhatsApp, run by Meta');

        await row.click();
        const log = agent.getByRole('log', { name: /Messages with Visitor #\d+/ });
        await log.getByText(PIDGIN_EMERGENCY).waitFor();
        await agent.getByText(/^WhatsApp window: (23 h \d+ min|24 h 0 min) left$/).waitFor();
        await agent.getByRole('button', { name: 'Join', exact: true }).click();
        await agent.getByRole('button', { name: 'Leave (hand back to the bot)' }).waitFor();
        await agent.getByRole('textbox', { name: 'Your reply' }).fill(ANSWER);
        await agent.getByRole('textbox', { name: 'Your reply' }).press('Enter');
        await waitFor(() => receivedBy().some((message) => message.text === ANSWER), 10_000, 'the answer on the phone');
        // The fake's receipt comes back: the agent sees it on the message.
        await log.getByRole('listitem').filter({ hasText: ANSWER }).getByText('· Delivered').waitFor();

        // A photo and a voice note: the photo shows, the voice note plays in the console.
        expect((await fake.sendMedia(PATIENT, 'photo', 'My chest, see')).result).toBe(200);
        expect((await fake.sendMedia(PATIENT, 'voice')).result).toBe(200);
        await log.getByText('My chest, see').waitFor();
        const photo = log.getByRole('img').last();
        await photo.waitFor();
        await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
        const voice = log.locator('audio').last();
        await voice.waitFor();
        await voice.evaluate((audio: HTMLAudioElement) => audio.play().catch(() => undefined));
        await expect.poll(() => voice.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(0.9);
        expect(await axeViolations(agent)).toEqual([]);

        // The patient's clock a day back: their next message is dated 25 h ago, and the window has closed.
        fake.setWhatsAppClockBehind(25);
        expect((await fake.reply(PATIENT, 'Thank you', 'whatsapp')).result).toBe(200);
        await agent.getByText(whatsAppDeskTexts.windowClosed).waitFor();
        expect(await agent.getByRole('textbox', { name: 'Your reply' }).count()).toBe(0);
        await agent.getByLabel(whatsAppDeskTexts.templateLabel).selectOption('desk_checking_in');
        await agent.getByRole('button', { name: whatsAppDeskTexts.sendTemplate }).click();
        await waitFor(
          () => receivedBy().some((message) => message.text.startsWith('[template desk_checking_in, en]')),
          10_000,
          'the template on the phone',
        );
        expect(await axeViolations(agent)).toEqual([]);
      } finally {
        await fake.close();
        await site.close();
      }
    },
  );
});
