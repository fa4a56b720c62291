/**
 * Issue #30's "done when" across two nodes, in a real browser: two server processes share one PostgreSQL and one Redis;
 * Meta's webhook (the fake provider playing a WhatsApp patient) posts to node A, the agent's console is on node B. A
 * Pidgin emergency turns the room Urgent on B at once, the agent answers there, and the patient's phone receives it.
 * The message is stored once. Always PostgreSQL and Redis (the nodes' own engine), whichever project runs it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { openAppDatabase } from '../../server/db/app-database';
import { loadEnv } from '../../server/env';
import { startFakeProvider } from '../../server/messaging/fake-provider/fake-provider';
import { appEnvFor, fakeCredentialsFrom } from '../../server/messaging/fake-provider/fake-provider-settings';
import {
  answers,
  createScratchDatabase,
  startAppNode,
  testPostgresUrl,
  testRedisUrl,
  type AppNode,
} from '../../server/tools/cluster';
import { chatTexts } from '../../shared/chat-texts';
import { axeViolations } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { freePort } from '../helpers/free-port';
import { waitFor } from '../helpers/wait-for';
import { agentAtConsole, urgentWhatsAppRoom } from './whatsapp-helpers';

const PATIENT = '+2348036660002';
const PIDGIN_EMERGENCY = 'abeg my pikin no dey breathe well, e don faint';
const ANSWER = 'Bola here. Call 112 now; we are calling you on this number.';

describe('WhatsApp in the console, two nodes', () => {
  browserTest(
    'the webhook lands on node A, the agent on node B sees the emergency at once and answers; the phone receives it',
    async ({ browser, contexts }) => {
      // Not skipped when the engines are missing: CI has them, and a run without them must not look green.
      if (!(await answers(testPostgresUrl()))) throw new Error(`PostgreSQL does not answer at ${testPostgresUrl()}`);
      if (!(await answers(testRedisUrl()))) throw new Error(`Redis does not answer at ${testRedisUrl()}`);
      const fakePort = await freePort();
      const database = await createScratchDatabase('whatsapp');
      const dirs: string[] = [];
      const nodes: AppNode[] = [];
      const shared = {
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_URL: testRedisUrl(),
        REDIS_KEY_PREFIX: `ilera-test-${process.pid}-${randomBytes(4).toString('hex')}:`,
        CHAT_COOKIE_SECRET: randomBytes(32).toString('base64url'),
        // Whatever the hour the suite runs at, the desk is open (out-of-hours WhatsApp has its own tests).
        SUPPORT_HOURS: 'Mon-Sun 00:00-24:00',
        MESSAGING_QUIET_HOURS: 'off',
        ...appEnvFor(`http://127.0.0.1:${fakePort}`, fakeCredentialsFrom({})),
      };
      const nodeEnv = () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-wa-node-'));
        dirs.push(dataDir);
        return { ...shared, DATA_DIR: dataDir };
      };
      // One after the other: the first applies the migrations.
      nodes.push(await startAppNode(0, nodeEnv()));
      nodes.push(await startAppNode(1, nodeEnv()));
      const [nodeA, nodeB] = nodes as [AppNode, AppNode];
      const fake = await startFakeProvider({
        port: fakePort,
        appUrl: nodeA.baseUrl,
        autoDeliverMs: 50,
        log: () => undefined,
      });
      const openDatabase = () => openAppDatabase(loadEnv({ NODE_ENV: 'test', DATABASE_URL: database.url })).db;
      const receivedBy = () => fake.messages().filter((message) => message.to === PATIENT);
      try {
        const agent = await agentAtConsole(browser, contexts, 'Bola Ade', { baseUrl: nodeB.baseUrl, openDatabase });

        // Posted to node A; live on node B through Redis, Urgent, with the WhatsApp badge.
        expect((await fake.reply(PATIENT, PIDGIN_EMERGENCY, 'whatsapp')).result).toBe(200);
        const row = await urgentWhatsAppRoom(agent);
        await waitFor(() => receivedBy().length > 0, 15_000, 'the emergency reply on the phone');
        expect(receivedBy()[0]!.text).toContain(chatTexts.emergencyReply);

        await row.click();
        await agent.getByRole('button', { name: 'Join', exact: true }).click();
        await agent.getByRole('button', { name: 'Leave (hand back to the bot)' }).waitFor();
        await agent.getByRole('textbox', { name: 'Your reply' }).fill(ANSWER);
        await agent.getByRole('textbox', { name: 'Your reply' }).press('Enter');
        await waitFor(() => receivedBy().some((message) => message.text === ANSWER), 15_000, 'the answer on the phone');
        expect(receivedBy().filter((message) => message.text === ANSWER)).toHaveLength(1);
        expect(await axeViolations(agent)).toEqual([]);

        const db = openDatabase();
        try {
          const stored = await db
            .selectFrom('chat_messages')
            .select('id')
            .where('message', '=', PIDGIN_EMERGENCY)
            .execute();
          expect(stored).toHaveLength(1);
        } finally {
          await db.destroy();
        }
      } finally {
        await fake.close();
        for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
        await Promise.all(nodes.map((node) => node.exited));
        await database.drop();
        for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
