import { threadId } from 'node:worker_threads';

/** Addresses this test process (or worker thread) has given out: two in the same millisecond still differ. */
let issued = 0;

/**
 * An address no other test (nor an earlier run against the same database) has used: the time, the process and thread
 * that asked (test files run in parallel) and a count of the addresses given out there, so two can never collide.
 */
export const uniqueEmail = (name: string, domain = 'example.ng') =>
  `${name}.${Date.now()}.${process.pid}-${threadId}-${++issued}@${domain}`;
