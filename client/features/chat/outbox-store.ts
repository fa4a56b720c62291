/**
 * Unsent chat messages kept in localStorage, so a reload or a long outage loses nothing. Each
 * visitor's messages are kept under the opaque key the server gives on sync (never the cookie):
 * after a log-in or log-out the widget shows and sends only the current visitor's messages, and
 * the others wait under their own key. Messages typed before the first sync of this browser are
 * kept under a provisional key and adopted by the first visitor to sync.
 */
export type StoredOutgoing = { clientId: string; message: string; createdAt: string };

export type OutboxStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'app-chat-outbox:';
const CURRENT_KEY = 'app-chat-outbox-key';
const PROVISIONAL = 'new';

const isStoredOutgoing = (value: unknown): value is StoredOutgoing =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredOutgoing).clientId === 'string' &&
  typeof (value as StoredOutgoing).message === 'string' &&
  typeof (value as StoredOutgoing).createdAt === 'string';

/** localStorage when the page may use it (private modes and old browsers may refuse). */
export function browserStorage(): OutboxStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function createOutboxStore(storage: OutboxStorage | null) {
  const read = (key: string): StoredOutgoing[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(PREFIX + key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isStoredOutgoing) : [];
    } catch {
      return [];
    }
  };
  const write = (key: string, items: StoredOutgoing[]) => {
    try {
      if (items.length) storage?.setItem(PREFIX + key, JSON.stringify(items));
      else storage?.removeItem(PREFIX + key);
    } catch {
      // Storage full or refused: the messages still wait in memory for this page's life.
    }
  };
  let key = storage?.getItem(CURRENT_KEY) ?? PROVISIONAL;

  return {
    /** What the last visitor of this browser left unsent (shown at once, even offline). */
    load: () => read(key),
    save: (items: StoredOutgoing[]) => write(key, items),
    /** The visitor changed (log-out): their messages stay stored; new ones wait for the next visitor's key. */
    detach() {
      key = PROVISIONAL;
    },
    /**
     * The server named the visitor: from now on their key is used. Returns that visitor's stored
     * messages, with those typed before their key was known adopted. (Storage always matches
     * memory for the current key, so the previous key needs no write.) `carry`: the visitor signed
     * in and the server merged their conversation into the patient's, so the messages of the
     * previous key go with them too.
     */
    switchTo(next: string, current: StoredOutgoing[], carry = false): StoredOutgoing[] {
      if (next === key) return current;
      const moves = key === PROVISIONAL || carry;
      const adopted = moves ? current : [];
      if (moves) write(key, []);
      key = next;
      try {
        storage?.setItem(CURRENT_KEY, next);
      } catch {
        // See write().
      }
      const stored = read(next);
      const merged = [
        ...stored,
        ...adopted.filter((item) => !stored.some((other) => other.clientId === item.clientId)),
      ];
      write(next, merged);
      return merged;
    },
  };
}
