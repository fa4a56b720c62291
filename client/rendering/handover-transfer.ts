/**
 * The DOM side of Handover (handover.tsx): read what the visitor did to the server's markup, write it into the live
 * controls. Loaded with the live component's code, not with the page (issue #23.2; the form pages' JS budget).
 */

/** What the visitor did to one control of the server's markup: its value or tick, and the caret when it has focus. */
type ControlState = { value: string; checked: boolean; caret: [number, number] | null };
export type TypedState = { controls: Map<string, ControlState>; focused: string | null };

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const UNTYPED = /^(hidden|file|submit|button|reset|image)$/;
const isBox = (control: Control): control is HTMLInputElement => /^(checkbox|radio)$/.test(control.type);

/**
 * Each named control of `root` under a key that names the same control in the server's markup and in the live
 * component: a box or radio by name and value, any other control by name and its place among controls of that name.
 */
function keyedControls(root: ParentNode) {
  const keyed = new Map<string, Control>();
  const seen = new Map<string, number>();
  for (const control of root.querySelectorAll<Control>('input, select, textarea')) {
    if (!control.name || UNTYPED.test(control.type)) continue;
    const place = seen.get(control.name) ?? 0;
    seen.set(control.name, place + 1);
    keyed.set(isBox(control) ? `${control.name}=${control.value}` : `${control.name}#${place}`, control);
  }
  return keyed;
}

/** The caret and selection, where the control has one (email, date, number inputs and lists have none). */
function caretOf(control: Control): ControlState['caret'] {
  try {
    const { selectionStart: start, selectionEnd: end } = control as HTMLInputElement;
    return start == null || end == null ? null : [start, end];
  } catch {
    return null;
  }
}

export function capture(root: HTMLElement): TypedState {
  const controls = new Map<string, ControlState>();
  let focused: string | null = null;
  for (const [key, control] of keyedControls(root)) {
    const hasFocus = control === document.activeElement;
    controls.set(key, {
      value: control.value,
      checked: isBox(control) && control.checked,
      caret: hasFocus ? caretOf(control) : null,
    });
    if (hasFocus) focused = key;
  }
  return { controls, focused };
}

export function restore(root: HTMLElement, typed: TypedState) {
  const keyed = keyedControls(root);
  for (const [key, control] of keyed) {
    const state = typed.controls.get(key);
    if (!state) continue;
    if (isBox(control)) {
      // A click, as the visitor's was: it ticks (or unticks a box) and tells React.
      if (control.checked !== state.checked && (control.type === 'checkbox' || state.checked)) control.click();
    } else if (control.value !== state.value) {
      // Through the element's own setter, with the event React listens to: React's value tracker sits on the
      // element, so a live form's onChange (a controlled select, say) sees the change as a visitor's.
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set?.call(
        control,
        state.value,
      );
      control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
    }
  }
  const focused = typed.focused === null ? undefined : keyed.get(typed.focused);
  if (!focused) return;
  focused.focus({ preventScroll: true });
  const caret = typed.controls.get(typed.focused!)?.caret;
  if (caret && !(focused instanceof HTMLSelectElement)) focused.setSelectionRange(caret[0], caret[1]);
}
