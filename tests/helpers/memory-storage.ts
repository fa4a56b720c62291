import type { OutboxStorage } from '../../client/features/chat/outbox-store';

/** localStorage's shape over a Map (one per simulated browser). */
export function memoryStorage(): OutboxStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}
