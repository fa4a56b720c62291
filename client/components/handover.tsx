import { Component, type ReactNode } from 'react';

/** What the visitor did to one control of the server's markup: its value or tick, and the caret when it has focus. */
type ControlState = {
  value: string;
  checked: boolean;
  selection: { start: number; end: number; direction: 'forward' | 'backward' | 'none' } | null;
};
type TypedState = { controls: Map<string, ControlState>; focused: string | null };

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const UNTYPED = new Set(['hidden', 'file', 'submit', 'button', 'reset', 'image']);

/**
 * Each named control of `root` under a key that names the same control in the server's markup and in the live
 * component: a box or radio by name and value, any other control by name and its place among controls of that name.
 */
function keyedControls(root: ParentNode) {
  const keyed = new Map<string, Control>();
  const seen = new Map<string, number>();
  for (const control of root.querySelectorAll<Control>('input, select, textarea')) {
    if (!control.name || UNTYPED.has(control.type)) continue;
    if (control.type === 'checkbox' || control.type === 'radio') {
      keyed.set(`${control.name}=${control.value}`, control);
      continue;
    }
    const place = seen.get(control.name) ?? 0;
    seen.set(control.name, place + 1);
    keyed.set(`${control.name}#${place}`, control);
  }
  return keyed;
}

/** The caret and selection, where the control has one (email, date and number inputs have none). */
function selectionOf(control: Control): ControlState['selection'] {
  if (control instanceof HTMLSelectElement) return null;
  try {
    const { selectionStart: start, selectionEnd: end, selectionDirection: direction } = control;
    return start === null || end === null ? null : { start, end, direction: direction ?? 'none' };
  } catch {
    return null;
  }
}

function capture(root: HTMLElement): TypedState {
  const controls = new Map<string, ControlState>();
  let focused: string | null = null;
  for (const [key, control] of keyedControls(root)) {
    const isBox = control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
    controls.set(key, {
      value: control.value,
      checked: isBox && control.checked,
      selection: control === document.activeElement ? selectionOf(control) : null,
    });
    if (control === document.activeElement) focused = key;
  }
  return { controls, focused };
}

/**
 * Sets a value through the element's own setter and says so with the event React listens to: React's value tracker
 * sits on the element, so a live form's onChange (a controlled select, say) sees the change as a visitor's.
 */
function setValue(control: Control, value: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set?.call(control, value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

function restore(root: HTMLElement, typed: TypedState) {
  for (const [key, control] of keyedControls(root)) {
    const state = typed.controls.get(key);
    if (!state) continue;
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      // A click, as the visitor's was: it ticks (or unticks a box) and tells React.
      if (control.checked !== state.checked && (control.type === 'checkbox' || state.checked)) control.click();
    } else if (control.value !== state.value) setValue(control, state.value);
  }
  const focused = typed.focused === null ? undefined : keyedControls(root).get(typed.focused);
  if (!focused) return;
  focused.focus({ preventScroll: true });
  const selection = typed.controls.get(typed.focused!)?.selection;
  if (selection && !(focused instanceof HTMLSelectElement))
    focused.setSelectionRange(selection.start, selection.end, selection.direction);
}

type HandoverProps = {
  /** Whether the live component is in place; the hand-over happens in the commit that turns this on. */
  live: boolean;
  /** The island's element (the same element before and after: only its content is replaced). */
  container: () => HTMLElement | null;
  children: ReactNode;
};

/**
 * Carries what the visitor typed into the server's markup over to the live component that replaces it (issue #23.2).
 * The live component starts from the values read when its code arrived; on a slow phone the visitor goes on typing
 * while React renders it, and those keys went into fields about to be thrown away. Here the markup's state is read
 * just before React changes the DOM (getSnapshotBeforeUpdate, which no hook offers) and written into the new controls
 * in the same commit, with the focus and the caret: no key can land in between, as the browser handles none during a
 * commit. A class, because only a class has a step before React changes the DOM.
 */
export class Handover extends Component<HandoverProps> {
  override getSnapshotBeforeUpdate(previous: HandoverProps): TypedState | null {
    if (previous.live || !this.props.live) return null;
    const root = this.props.container();
    return root ? capture(root) : null;
  }

  override componentDidUpdate(_previous: HandoverProps, _state: unknown, typed: TypedState | null) {
    const root = this.props.container();
    if (typed && root) restore(root, typed);
  }

  override render() {
    return this.props.children;
  }
}
