/**
 * `npm run retention -- [--dry-run]` (issue #13): runs the retention job now on the app's database (DATABASE_URL, else
 * DATA_DIR/app.db), or with --dry-run prints what would go and changes nothing. The server runs it daily by itself.
 */
import { parseArgs } from 'node:util';
import { createAuditLog } from '../audit/audit-log';
import { openAppDatabase } from '../db/app-database';
import { migrateToLatest } from '../db/migrate';
import { loadEnv } from '../env';
import { createLogger } from '../logger';
import { runRetention } from '../retention/retention';

const usage = 'Usage: npm run retention -- [--dry-run]';
const SHOWN_REFERENCES = 20;

async function main() {
  let dryRun = false;
  try {
    const { values } = parseArgs({
      options: { 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) return void process.stdout.write(`${usage}\n`);
    dryRun = Boolean(values['dry-run']);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    process.exit(64);
  }
  const env = loadEnv();
  const { db } = openAppDatabase(env);
  try {
    await migrateToLatest(db);
    const report = await runRetention(db, { requestMonths: env.REQUEST_RETENTION_MONTHS, dryRun });
    const verb = dryRun ? 'would be' : 'were';
    const shown = report.requests.slice(0, SHOWN_REFERENCES);
    const more = report.requests.length - shown.length;
    const lines = [
      dryRun ? 'Dry run: nothing was changed.' : 'Retention run done.',
      `Chat messages sent before ${report.chatCutoff}: ${report.chatMessages} ${verb} deleted.`,
      `Conversations left empty: ${report.chatConversations} ${verb} deleted.`,
      `Requests closed before ${report.requestCutoff}: ${report.requests.length} ${verb} anonymised${report.requests.length ? ':' : '.'}`,
      ...(shown.length ? [`  ${shown.join(', ')}${more > 0 ? ` … and ${more} more` : ''}`] : []),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (!dryRun)
      await createAuditLog({ db, logger: createLogger('silent') }).record({
        type: 'retention.run',
        subject: 'retention',
        detail: {
          chatMessages: report.chatMessages,
          chatConversations: report.chatConversations,
          requests: report.requests.length,
          manual: true,
        },
      });
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
