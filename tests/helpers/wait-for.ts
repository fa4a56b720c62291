/**
 * Polls `check` until it holds, then returns; throws after `timeoutMs`. Tests wait on the condition itself, never on a
 * fixed time: a fixed sleep is too short on a loaded machine and too long everywhere else.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000, label = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
