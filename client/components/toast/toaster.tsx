import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Icon } from '../icon';
import type { ToastItem } from './toast-provider';

const SWIPE_DISMISS_PX = 80;

/**
 * The notification area. Two live regions exist from the first render so screen
 * readers announce what is added: polite for information, assertive for failures.
 * F8 moves focus to the current toast's close button.
 */
export function Toaster({ toasts, onDismiss }: { toasts: ToastItem[]; onDismiss: (id: number) => void }) {
  const regionRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') regionRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const polite = toasts.filter((item) => item.variant !== 'destructive');
  const assertive = toasts.filter((item) => item.variant === 'destructive');

  return (
    <div ref={regionRef} className="app-toaster" aria-label="Notifications (F8)" role="region">
      <div role="status" aria-live="polite">
        {polite.map((item) => (
          <Toast key={item.id} item={item} onDismiss={onDismiss} />
        ))}
      </div>
      <div role="alert" aria-live="assertive">
        {assertive.map((item) => (
          <Toast key={item.id} item={item} onDismiss={onDismiss} />
        ))}
      </div>
    </div>
  );
}

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  const [offsetX, setOffsetX] = useState(0);
  const startX = useRef<number | null>(null);

  // Hover or focus pauses the timer, so nobody is rushed (WCAG 2.2.1).
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onDismiss(item.id), item.durationMs);
    return () => window.clearTimeout(timer);
  }, [paused, item.id, item.durationMs, onDismiss]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    startX.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
    setPaused(true);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (startX.current !== null) setOffsetX(event.clientX - startX.current);
  };
  const onPointerEnd = () => {
    if (startX.current === null) return;
    startX.current = null;
    if (Math.abs(offsetX) >= SWIPE_DISMISS_PX) onDismiss(item.id);
    else {
      setOffsetX(0);
      setPaused(false);
    }
  };

  return (
    <div
      className={`app-toast${item.variant === 'destructive' ? ' app-toast--destructive' : ''}`}
      data-testid="toast"
      style={
        offsetX
          ? { transform: `translateX(${offsetX}px)`, opacity: Math.max(0, 1 - Math.abs(offsetX) / 200) }
          : undefined
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="app-toast__body">
        <p className="app-toast__title">{item.title}</p>
        {item.description ? <p className="app-toast__description">{item.description}</p> : null}
      </div>
      <button type="button" className="app-toast__close" onClick={() => onDismiss(item.id)}>
        <Icon name="close" />
        <span className="app-visually-hidden">Dismiss notification</span>
      </button>
    </div>
  );
}
