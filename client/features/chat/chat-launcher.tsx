import { useEffect, useRef, useState, type ComponentType } from 'react';
import { CHAT_ACTIVE_STORAGE_KEY, CHAT_LINK_HASH } from '../../../shared/constants';
import { Icon } from '../../components/icon';
import type { ChatWidgetProps } from './chat-widget';
import './chat-launcher.css';

const LAUNCHER_ID = 'chat-launcher';
/** chatTexts.skipToChat, written here to keep chatTexts out of the first load (a unit test keeps them equal). */
export const SKIP_TO_CHAT = 'Chat with us';

/**
 * 'Chat with us', a skip link early in the tab order (after 'Skip to main content'): it moves
 * focus to the chat button and opens nothing by itself. Without JavaScript the fragment does it.
 */
export function ChatSkipLink() {
  return (
    <a
      className="app-skip-link app-chat-skip-link"
      href={`#${LAUNCHER_ID}`}
      onClick={(event) => {
        const launcher = document.getElementById(LAUNCHER_ID);
        if (!launcher) return;
        event.preventDefault();
        launcher.focus();
      }}
    >
      {SKIP_TO_CHAT}
    </a>
  );
}

/**
 * The floating chat button, on every page, and all the chat code a page loads up front (about
 * 1 KB): the panel, socket.io-client and the chat logic load on the first open (dynamic import),
 * and no chat cookie exists before then. Other features open the chat by dispatching the window
 * event 'app:open-chat' (the symptom checker does).
 *
 * `takeEarlyPress` is the rendering layer's record of presses made before the page's scripts ran (ADR 0028), handed
 * in by the layout so that this feature does not reach into that layer: whether the launcher was pressed then.
 */
export function ChatLauncher({ takeEarlyPress }: { takeEarlyPress?: (id: string) => boolean }) {
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  const [Widget, setWidget] = useState<ComponentType<ChatWidgetProps>>();
  const button = useRef<HTMLButtonElement>(null);
  const requested = useRef(false);

  const load = () => {
    if (requested.current) return;
    requested.current = true;
    import('./chat-widget').then(
      (module) => setWidget(() => module.ChatWidget),
      () => {
        // Offline or a new deploy: the next click tries again.
        requested.current = false;
        setOpen(false);
      },
    );
  };
  const show = () => {
    setOpen(true);
    setUnread(0);
    load();
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  // Setters and refs only, so the first render's functions stay valid.
  useEffect(() => {
    addEventListener('app:open-chat', show);
    // '/#chat' (the link in follow-up e-mails) opens the conversation on arrival.
    const openFromHash = () => {
      if (location.hash === CHAT_LINK_HASH) show();
    };
    openFromHash();
    addEventListener('hashchange', openFromHash);
    // Pressed while the page's scripts were still on their way. Read here, not in the first render, which must match
    // the server's markup (closed).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the boot script's record is outside React
    if (takeEarlyPress?.(LAUNCHER_ID)) show();
    let timer: number | undefined;
    try {
      // A visitor with a conversation reconnects once the page is idle, so replies raise the badge.
      if (localStorage.getItem(CHAT_ACTIVE_STORAGE_KEY)) timer = window.setTimeout(load, 2000);
    } catch {
      // Storage blocked: the chat still opens on click.
    }
    return () => {
      removeEventListener('app:open-chat', show);
      removeEventListener('hashchange', openFromHash);
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- registered once on mount (see above)
  }, []);

  return (
    <>
      <button
        ref={button}
        id={LAUNCHER_ID}
        type="button"
        className="app-chat-launcher"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-early-click
        onClick={open ? close : show}
      >
        <Icon name="chat" />
        <span className="app-visually-hidden">{open ? 'Close' : 'Open'} Chat Support</span>
        {unread ? (
          <span className="app-count-badge app-chat-launcher__badge">
            {unread}
            <span className="app-visually-hidden"> unread</span>
          </span>
        ) : null}
      </button>
      {Widget ? <Widget open={open} onClose={close} onUnread={setUnread} /> : null}
    </>
  );
}
