/**
 * Named prepared statements on PostgreSQL (issue #31, ADR 0056). Kysely hands pg each statement as text, which pg sends
 * unnamed: PostgreSQL parses, analyses and plans it again every time. Measured under bench:cluster's chat load,
 * planning alone took a third of the backends' CPU. Here each pooled connection prepares a statement the first time it
 * runs it, under a name made from its text, and afterwards only binds and executes it.
 *
 * Not every statement is prepared:
 * - statements without parameters (BEGIN, COMMIT, savepoints, DDL) go as simple queries, as before;
 * - statements with an `in (…)` list or several rows of values: Kysely writes one placeholder per item, so their texts
 *   do not repeat;
 * - past PREPARED_PER_CONNECTION names, a connection runs the rest unnamed: a bound on the server's memory;
 * - nothing the migrations run (withoutPreparing).
 *
 * A migration that changes a table's columns invalidates the plans of `select *` and `returning *` statements, and
 * PostgreSQL refuses to run such a plan again ("cached plan must not change result type", 0A000): a node that was
 * running while another node migrated (a rolling deploy). Then every name gets a new generation, so each connection
 * prepares afresh; a statement outside a transaction is run again at once, and a write batch in a transaction is run
 * again by the write batcher, as after a deadlock (isTransactionConflict, server/db/database-fault.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { isStalePreparedPlan } from './database-fault';

/** At most this many statements are prepared on one connection; the rest run unnamed. */
export const PREPARED_PER_CONNECTION = 500;

/** Texts that vary with the data: an `in (…)` list, or several rows of values, have one placeholder per item. */
const VARYING_TEXT = /\bin \(|\bvalues\s*\(.*\)\s*,\s*\(/is;

const unprepared = new AsyncLocalStorage<true>();

/**
 * Runs `work` with nothing prepared: the migrations, which change the very tables whose statements they run, in one
 * transaction where a stale plan could not be run again.
 */
export const withoutPreparing = <T>(work: () => Promise<T>): Promise<T> => unprepared.run(true, work);

/** A pool whose connections prepare what they run (see above); `end` ends the pg pool. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  let generation = 0;
  // Each text's name, or null for a text run unnamed; the app's statement shapes are finite, a runaway is not kept.
  const names = new Map<string, string | null>();
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();

  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined) {
      name = VARYING_TEXT.test(text) ? null : createHash('sha1').update(text).digest('base64url').slice(0, 20);
      if (names.size < PREPARED_PER_CONNECTION * 4) names.set(text, name);
    }
    return name === null ? null : `k${generation}_${name}`;
  };

  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let seen = prepared.get(client);
    if (!seen) prepared.set(client, (seen = new Set()));
    const preparedNames = seen;
    let inTransaction = false;
    const unnamed = (text: string, values: readonly unknown[]) => client.query(text, values as unknown[]);
    const run = async (text: string, values: readonly unknown[]) => {
      if (values.length === 0) {
        if (/^(begin|start transaction)\b/i.test(text)) inTransaction = true;
        else if (/^(commit|rollback)$/i.test(text)) inTransaction = false;
        return unnamed(text, values);
      }
      const name = unprepared.getStore() ? null : nameOf(text);
      if (name === null || (!preparedNames.has(name) && preparedNames.size >= PREPARED_PER_CONNECTION))
        return unnamed(text, values);
      preparedNames.add(name);
      try {
        return await client.query({ name, text, values: values as unknown[] });
      } catch (error) {
        if (!isStalePreparedPlan(error)) throw error;
        generation += 1;
        if (inTransaction) throw error;
        return unnamed(text, values);
      }
    };
    // A cursor (Kysely's stream) goes to pg as it is.
    function query<R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query(text: string | PostgresCursor<unknown>, values: readonly unknown[] = []): unknown {
      return typeof text === 'string' ? run(text, values) : client.query(text as never);
    }
    return { query, release: () => client.release() };
  };

  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}
