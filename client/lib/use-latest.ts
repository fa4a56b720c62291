import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that always holds the latest `value`, for callbacks registered once (socket events,
 * window listeners) that must call the current props. It is written after render, never
 * during it, so a render that React throws away cannot leave a stale value behind.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
