// The modules `npm run test:mutation` mutates (issue #25.3), each with the unit tests that judge it. A group is one
// Stryker run: a static mutant (a module-level constant, the red-flag index) makes Stryker run every test of its run,
// so each group carries only the tests that reach its modules, all on SQLite.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * `file:from-to` for the lines of one member of an object literal or one function: from the line `start` matches to
 * the line before the next line `end` matches. Found by text, so an edit above the function does not move the range
 * onto other code; a marker that is gone fails the run instead of mutating the wrong lines.
 */
function linesOf(file, start, end) {
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  const from = lines.findIndex((line) => start.test(line));
  if (from < 0) throw new Error(`mutation-groups: ${start} not found in ${file}`);
  const after = lines.slice(from + 1).findIndex((line) => end.test(line));
  if (after < 0) throw new Error(`mutation-groups: ${end} not found after ${start} in ${file}`);
  return `${file}:${from + 1}-${from + after + 1}`;
}

/** `file:from-end` for the lines from the one `start` matches to the end of the file. */
function linesFrom(file, start) {
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  const from = lines.findIndex((line) => start.test(line));
  if (from < 0) throw new Error(`mutation-groups: ${start} not found in ${file}`);
  return `${file}:${from + 1}-${lines.length}`;
}

// The next member of an object literal two spaces in (a data module's next query), or a comment before it.
const nextMember = /^ {2}(\/\*\*|\/\/|[A-Za-z]+: |async [A-Za-z]+\()/;

export const mutationGroups = {
  sessions: {
    mutate: () => ['server/auth/session.ts'],
    tests: [
      'tests/server/auth/session.test.ts',
      'tests/server/auth/session-lifetime.test.ts',
      'tests/server/auth/session-policy.test.ts',
    ],
  },
  limits: {
    mutate: () => ['server/http/rate-limiter.ts', 'server/auth/auth-limits.ts', 'server/auth/login-lockouts.ts'],
    tests: [
      'tests/server/http/rate-limiter.test.ts',
      'tests/server/http/rate-limiter-memory.test.ts',
      'tests/server/http/redis-rate-limiter.test.ts',
      'tests/server/http/redis-rate-limiter-no-listener.test.ts',
      'tests/server/auth/auth-limits.test.ts',
      'tests/server/auth/lockout-redis-restart.test.ts',
      'tests/server/auth/login-lockouts.test.ts',
      'tests/server/trpc/routers/auth.test.ts',
    ],
  },
  'red-flags': {
    // The matcher and its steps (red-flags/: words, phrases, clauses, negation, time guards, context near a sign).
    mutate: () => ['server/chat/red-flags.ts', 'server/chat/red-flags/*.ts'],
    // red-flag-coverage.test.ts builds the matcher about a thousand times (minutes per run): it judges the data, and
    // the table it reads is judged here by red-flags.test.ts. red-flag-loading.test.ts fails when the matcher cannot
    // be built, which an import at the top of a test file would hide from Stryker (no test run counts as survived).
    tests: ['tests/server/chat/red-flags.test.ts', 'tests/server/chat/red-flag-loading.test.ts'],
  },
  'chat-desk': {
    mutate: () => [
      linesOf('server/data/chat.ts', /^ {2}listSummaries: \(/, nextMember),
      linesOf('server/data/chat-desk.ts', /^ {2}ratingSummary: /, nextMember),
    ],
    tests: [
      'tests/server/chat/chat-desk.test.ts',
      'tests/server/chat/agent-console.test.ts',
      'tests/server/chat/console-list-and-rating-windows.test.ts',
    ],
  },
  'request-status': {
    mutate: () => [
      // The table of moves and who may cancel; isClosedStatus between them is the client's.
      linesOf('shared/requests.ts', /^export const nextStatuses/, /^export const isClosedStatus/),
      linesOf('shared/requests.ts', /^export const patientMayCancel/, /^export const PATIENT_CANCEL_REASON/),
      linesOf('server/data/requests.ts', /^ {2}async setStatus\(/, nextMember),
      // The staff move and the patient's cancel (server/requests/, issue #26.3).
      'server/requests/set-status.ts',
    ],
    tests: [
      'tests/server/trpc/routers/staff.test.ts',
      'tests/server/trpc/routers/patient.test.ts',
      'tests/server/staff/request-status-moves.test.ts',
      'tests/server/requests/requests.test.ts',
    ],
  },
  // Message consent and the text queue (issue #27): who may be texted, by which channel, when, and what a STOP or a
  // receipt changes.
  'message-consent': {
    mutate: () => [
      'server/messaging/messaging-service.ts',
      'server/messaging/consents.ts',
      'server/messaging/provider-events.ts',
      'server/messaging/quiet-hours.ts',
      'server/data/message-consents.ts',
      linesOf('server/data/outbound-messages.ts', /^ {2}applyReceipt: /, nextMember),
      // The keywords that end texts; the rest of the module is the boxes' wording, which the browser tests read.
      linesFrom('shared/messaging/consent.ts', /^\/\*\* Replies that end/),
      'shared/messaging/sms-encoding.ts',
    ],
    tests: [
      'tests/shared/messaging/consent.test.ts',
      'tests/server/requests/submit-consent.test.ts',
      'tests/server/trpc/routers/patient-consents.test.ts',
      'tests/server/trpc/routers/messages.test.ts',
      'tests/server/messaging/messaging-worker.test.ts',
      'tests/server/messaging/quiet-hours.test.ts',
      'tests/server/messaging/message-templates.test.ts',
      'tests/shared/messaging/sms-encoding.test.ts',
      'tests/server/messaging/webhooks-route.test.ts',
    ],
  },
  // Booking uniqueness (issue #28.3): the slot engine, the booking queries (the cells' primary key claim) and the
  // workflow that books a free time. contest-cells.test.ts is the contest that only the cells can decide;
  // contest.test.ts (the same over HTTP) adds seconds per mutant and kills nothing more.
  booking: {
    mutate: () => ['shared/booking/free-slots.ts', 'server/data/bookings.ts', 'server/booking/book-slot.ts'],
    tests: [
      'tests/shared/booking/free-slots.test.ts',
      'tests/shared/booking/free-slots-loading.test.ts',
      'tests/server/booking/book-slot.test.ts',
      'tests/server/booking/book-slot-paths.test.ts',
      'tests/server/booking/booking-queries.test.ts',
      'tests/server/booking/contest-cells.test.ts',
    ],
  },
};

/** The group named by MUTATION_GROUP (set by .ci/mutation.js for each Stryker run). */
export function currentGroup() {
  const name = process.env.MUTATION_GROUP ?? '';
  const group = mutationGroups[name];
  if (!group) throw new Error(`MUTATION_GROUP must be one of: ${Object.keys(mutationGroups).join(', ')}`);
  return { name, ...group };
}
