/**
 * `npm run agent:create -- --email agent@example.com --name "Ngozi Eze" [--role admin]`
 *
 * Creates a support agent (or promotes an existing account) so they can use the console at
 * /agent. A new account gets a one-time password and a set-password link (valid one hour);
 * the agent should choose their own password straight away. Nothing secret is logged.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { requiredName } from '../../shared/schemas/field-rules';
import { issueEmailToken } from '../auth/email-token';
import { hashPassword } from '../auth/password';
import { openAppDatabase } from '../db/app-database';
import { migrateToLatest } from '../db/migrate';
import { users } from '../data/users';
import { ConfigError, loadEnv } from '../env';
import { publicOrigin } from '../http/public-origin';

const usage = 'Usage: npm run agent:create -- --email agent@example.com --name "Full Name" [--role agent|admin]';

const argsSchema = z.object({
  email: z.email('Give a valid --email address.'),
  // The same rule as every name a person types (issue #24): no control or bidi characters, not only invisible ones.
  name: requiredName('Give the agent’s full --name.'),
  role: z.enum(['agent', 'admin']).default('agent'),
});

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
    strict: true,
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    process.stderr.write(`${parsed.error.issues.map((issue) => issue.message).join('\n')}\n${usage}\n`);
    process.exit(64);
  }
  const { email, name, role } = parsed.data;
  const env = loadEnv();
  const { db } = openAppDatabase(env);
  try {
    await migrateToLatest(db);
    const existing = await users.findByEmail(db, email);
    if (existing) {
      // Never demote an admin by accident.
      const newRole = existing.role === 'admin' ? 'admin' : role;
      await db.updateTable('users').set({ role: newRole }).where('id', '=', existing.id).execute();
      process.stdout.write(
        `${existing.email} is now ${newRole === 'admin' ? 'an admin' : 'a support agent'}. They can sign in with their own password and open /agent.\n`,
      );
      return;
    }
    const oneTimePassword = randomBytes(15).toString('base64url');
    const user = await users.create(db, {
      email,
      fullName: name,
      passwordHash: await hashPassword(oneTimePassword),
      role,
      confirmed: true,
    });
    const token = await issueEmailToken(db, user.id, 'reset_password');
    process.stdout.write(
      [
        `Created ${role === 'admin' ? 'admin' : 'support agent'} ${user.email} (${user.full_name}).`,
        `One-time password: ${oneTimePassword}`,
        `Or set a password here (valid for one hour): ${publicOrigin(env)}/reset-password?token=${token}`,
        'Share these privately, then ask the agent to choose their own password. The staff app is at /staff (its Chats page is the support console).',
        '',
      ].join('\n'),
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `agent:create failed: ${error instanceof Error ? error.message : String(error)}`}\n`,
  );
  process.exit(1);
});
