/** What the WhatsApp console tests share: an agent at the console of one server, and the urgent WhatsApp room. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppDatabase } from '../../server/db/database';
import { whatsAppDeskTexts } from '../../shared/messaging/whatsapp-desk';
import { DESKTOP } from '../helpers/browser';
import { signInAs } from './chat-helpers';

/** An agent signed in on `server`, on its support console. */
export async function agentAtConsole(
  browser: Browser,
  contexts: BrowserContext[],
  name: string,
  server: { baseUrl: string; openDatabase: () => AppDatabase },
): Promise<Page> {
  const context = await browser.newContext({ ...DESKTOP, baseURL: server.baseUrl });
  contexts.push(context);
  await signInAs(context, 'agent', name, server);
  const agent = await context.newPage();
  await agent.goto('/staff/chats');
  await agent.getByRole('heading', { name: 'Support console' }).waitFor();
  return agent;
}

/** The room that came live as Urgent, with the WhatsApp badge. */
export async function urgentWhatsAppRoom(agent: Page) {
  const row = agent.getByRole('button', { name: /Visitor #\d+/ }).filter({ hasText: 'Urgent' });
  await row.waitFor();
  expect(await row.textContent()).toContain(whatsAppDeskTexts.badge);
  return row;
}
