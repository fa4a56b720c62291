// Taken when this module loads, before any test fakes the timers: a wait on real work (database I/O, a socket) needs
// a clock that moves by itself, also in a test whose setTimeout and Date are faked.
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

/**
 * Polls `check` until it holds, then returns; throws after `timeoutMs`. Tests wait on the condition itself, never on a
 * fixed time: a fixed sleep is too short on a loaded machine and too long everywhere else.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000, label = 'condition') {
  const deadline = realNow() + timeoutMs;
  while (!(await check())) {
    if (realNow() > deadline) throw new Error(`Timed out waiting for ${label}`);
    await new Promise((resolve) => realSetTimeout(resolve, 10));
  }
}
