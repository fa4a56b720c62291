import { afterEach, beforeEach, vi } from 'vitest';

// A test that makes React (or anything else) call console.error fails: such
// errors are bugs (hydration mismatches, act() warnings, failed prop types).
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (consoleErrors.length) {
    throw new Error(`console.error was called:\n${consoleErrors.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});
