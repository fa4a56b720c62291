/**
 * Keys for people who work the desk all day (issue #29.7): j/k next and previous, c claim, / search, ? this help.
 * A key never fires while typing in a field, nor with Ctrl, Alt or Meta (the browser's and the screen reader's own).
 */
import { useEffect, useRef } from 'react';
import { useLatest } from '../../lib/use-latest';

export type DeskKey = 'j' | 'k' | 'c' | '/' | '?';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function useDeskKeys(handlers: Partial<Record<DeskKey, () => void>>) {
  const latest = useLatest(handlers);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || isTyping(event.target)) return;
      // Another dialog open: its keys are its own.
      if (document.querySelector('dialog[open]')) return;
      const handler = latest.current[event.key as DeskKey];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [latest]);
}

const KEYS: readonly [key: string, what: string][] = [
  ['j', 'Next request'],
  ['k', 'Previous request'],
  ['c', 'Claim the request'],
  ['/', 'Search the inbox'],
  ['?', 'Show these keys'],
];

/** The keys, in a modal dialog opened by '?' or its button; Escape or Close shuts it and focus goes back. */
export function KeyboardHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="app-staff__dialog" aria-labelledby="keyboard-help-title" onClose={onClose}>
      <h2 id="keyboard-help-title">Keyboard shortcuts</h2>
      <p>Keys work when you are not typing in a field.</p>
      <dl className="app-staff__keys">
        {KEYS.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="app-button app-button--secondary" onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}
