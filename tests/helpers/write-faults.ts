/**
 * Database faults for tests (issue #26.3: the product has no fault switch). The app under test gets its database
 * through `withWriteFaults`, a Kysely plugin that fails any insert carrying a marker in its values, so a form meets
 * the fault where a real one happens: inside its transaction, which then stores nothing.
 *
 * A test marks a submission by its idempotency key (`faultKey`) or by any stored text (an address such as
 * `testfault-error-1@example.ng`). Unmarked writes pass untouched, so one server serves faulty and healthy requests.
 */
import { randomBytes } from 'node:crypto';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import type { AppDatabase } from '../../server/db/database';
import { DatabaseFault } from '../../server/db/database-fault';

/** `error`: an unexpected failure (a generic 500); `busy`: the lock held past the retries (the real 503 path). */
export type WriteFault = 'error' | 'busy';

export const faultMarker = (fault: WriteFault) => `testfault-${fault}-`;

/** A valid idempotency key (16 to 64 of A-Z a-z 0-9 - _) that makes the submission's insert fail with `fault`. */
export const faultKey = (fault: WriteFault, key = randomBytes(18).toString('base64url')) =>
  `${faultMarker(fault)}${key}`.slice(0, 64);

/** A statement that inserts a marked value: an INSERT, or a WITH whose inserts store one (ADR 0057). */
const faultFor = (node: RootOperationNode): WriteFault | null => {
  const values = JSON.stringify(node);
  if (!values.includes('"InsertQueryNode"')) return null;
  if (values.includes(faultMarker('busy'))) return 'busy';
  if (values.includes(faultMarker('error'))) return 'error';
  return null;
};

const writeFaultPlugin: KyselyPlugin = {
  transformQuery({ node }) {
    const fault = faultFor(node);
    // The same errors the database layer raises: DatabaseFault is what it makes of SQLITE_BUSY past its retries.
    if (fault === 'busy') throw new DatabaseFault('busy', { cause: new Error('Injected busy database') });
    if (fault === 'error') throw new Error('Injected test fault');
    return node;
  },
  transformResult: ({ result }) => Promise.resolve(result),
};

/** The same database (same pool or connection), failing marked inserts. Destroy the original, not this. */
export const withWriteFaults = (db: AppDatabase): AppDatabase => db.withPlugin(writeFaultPlugin);
