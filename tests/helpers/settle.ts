import { act } from '@testing-library/react';

/**
 * Runs `fn` inside act() and lets what it started settle: the promise chains it waits for (a stubbed fetch, tRPC,
 * React Query, an acknowledged emit) resolve within one macrotask, which the zero timeout yields.
 */
export const settle = (fn: () => unknown) =>
  act(async () => {
    fn();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
