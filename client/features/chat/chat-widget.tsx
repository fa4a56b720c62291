import { useLatest } from '../../lib/use-latest';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { chatTexts } from '../../../shared/chat-texts';
import { CHAT_ACTIVE_STORAGE_KEY } from '../../../shared/constants';
import { useToast } from '../../components/toast/toast-provider';
import { ChatPanel } from './chat-panel';
import { useVisitorChat } from './use-visitor-chat';
import type { SendFailure } from './visitor-chat-client';

const notConnected = { code: 'STORAGE_FAILED', message: chatTexts.errorDescription } as const;

export type ChatWidgetProps = {
  open: boolean;
  onClose: () => void;
  /** Replies the visitor has not seen yet, on any visit (for the launcher's badge); 0 while open. */
  onUnread: (count: number) => void;
};

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};
/** False while the tab is in the background: messages that arrive then are not seen yet. */
const usePageVisible = () =>
  useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => false,
  );

/** Loaded on the first open: keeps the connection for the life of the page, shows the panel when open. */
export function ChatWidget({ open, onClose, onUnread }: ChatWidgetProps) {
  const { toast } = useToast();
  const [location] = useLocation();
  const onUnreadRef = useLatest(onUnread);
  const restoreRef = useRef<(text: string) => void>(() => undefined);
  const visible = usePageVisible();

  const onFailed = useCallback(
    ({ text, error }: SendFailure) => {
      // The spec's failure path: the message leaves the view with the 'Message Error' toast.
      // A refusal (rate limit, too long) says why; the text goes back into the box, so nothing is lost.
      const description = error && error.code !== 'STORAGE_FAILED' ? error.message : chatTexts.errorDescription;
      toast({ title: chatTexts.errorTitle, description, variant: 'destructive' });
      restoreRef.current(text);
    },
    [toast],
  );

  const { state, client } = useVisitorChat({ onFailed });

  useEffect(() => {
    client?.setPage(location);
  }, [client, location]);

  // Messages on screen are seen: the badge clears here, in other tabs and on the next visit.
  useEffect(() => {
    if (open && visible && state.ready) client?.markSeen();
  }, [client, open, visible, state]);
  useEffect(() => {
    if (!open) client?.flushSeen();
  }, [client, open]);
  useEffect(() => {
    onUnreadRef.current(open ? 0 : state.unread);
  }, [onUnreadRef, open, state.unread]);

  const send = useCallback(
    (text: string) => {
      if (!client?.send(text)) return false;
      try {
        localStorage.setItem(CHAT_ACTIVE_STORAGE_KEY, '1');
      } catch {
        // Storage blocked: only the quiet reconnect on later pages is lost.
      }
      return true;
    },
    [client],
  );

  if (!open) return null;
  return (
    <ChatPanel
      state={state}
      onSend={send}
      onTyping={(typing) => client?.setTyping(typing)}
      onClose={onClose}
      registerRestore={(restore) => {
        restoreRef.current = restore;
      }}
      onWhatsApp={() => client?.whatsAppOpened()}
      onRate={(input) => client?.sendRating(input) ?? Promise.resolve(notConnected)}
    />
  );
}
