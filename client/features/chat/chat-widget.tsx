import { useLatest } from '../../lib/use-latest';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { chatTexts } from '../../../shared/chat-texts';
import { CHAT_ACTIVE_STORAGE_KEY } from '../../../shared/constants';
import { useToast } from '../../components/toast/toast-provider';
import { ChatPanel } from './chat-panel';
import { useVisitorChat } from './use-visitor-chat';
import type { SendFailure } from './visitor-chat-client';

export type ChatWidgetProps = {
  open: boolean;
  onClose: () => void;
  /** A reply arrived while the panel was closed (for the unread badge). */
  onReply: () => void;
};

/** Loaded on the first open: keeps the connection for the life of the page, shows the panel when open. */
export function ChatWidget({ open, onClose, onReply }: ChatWidgetProps) {
  const { toast } = useToast();
  const [location] = useLocation();
  const openRef = useLatest(open);
  const restoreRef = useRef<(text: string) => void>(() => undefined);

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

  const { state, client } = useVisitorChat({
    onFailed,
    onReply: () => {
      if (!openRef.current) onReply();
    },
  });

  useEffect(() => {
    client?.setPage(location);
  }, [client, location]);

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
    />
  );
}
