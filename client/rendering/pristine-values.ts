/**
 * "Cleared means cleared" (issue #15): a prerendered form may be typed into before its script arrives; the live form
 * then starts from those values (as its defaults, so nothing typed is lost). After a successful send, `reset()` would
 * bring them back. The form is reset to the server's own defaults instead, read from the markup it sent.
 */

type Pristine = { values: Map<string, string>; checked: Set<string> };

// By island id: the live form renders into a new container element, under the same id.
const byIsland = new Map<string, Pristine>();

const controlsIn = (root: ParentNode) =>
  root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea');

/** The defaults in the server's markup of a form (attributes, not what anyone typed since). */
export function pristineFromMarkup(html: string): Pristine {
  const template = document.createElement('template');
  template.innerHTML = html;
  const pristine: Pristine = { values: new Map(), checked: new Set() };
  for (const control of controlsIn(template.content)) {
    if (!control.name) continue;
    if (control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox')) {
      if (control.hasAttribute('checked')) pristine.checked.add(`${control.name}=${control.value}`);
    } else if (control instanceof HTMLSelectElement) {
      const chosen = control.querySelector<HTMLOptionElement>('option[selected]') ?? control.options[0];
      pristine.values.set(control.name, chosen?.value ?? '');
    } else if (control instanceof HTMLTextAreaElement) {
      pristine.values.set(control.name, control.defaultValue);
    } else {
      pristine.values.set(control.name, control.getAttribute('value') ?? '');
    }
  }
  return pristine;
}

/** Remembers the server's defaults of an island's form (`data-island` id). */
export function rememberPristine(islandId: string, html: string) {
  byIsland.set(islandId, pristineFromMarkup(html));
}

/** Resets the form to the server's defaults when it came from prerendered markup, else to its own. */
export function resetToPristine(form: HTMLFormElement) {
  const islandId = form.closest('[data-island]')?.getAttribute('data-island');
  const pristine = islandId ? byIsland.get(islandId) : undefined;
  if (pristine) {
    for (const control of controlsIn(form)) {
      if (!control.name) continue;
      if (control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox'))
        control.defaultChecked = pristine.checked.has(`${control.name}=${control.value}`);
      else if (control instanceof HTMLSelectElement)
        for (const option of control.options)
          option.defaultSelected = option.value === pristine.values.get(control.name);
      else if (control.type !== 'hidden') control.defaultValue = pristine.values.get(control.name) ?? '';
    }
  }
  form.reset();
}

/**
 * The server's defaults as the live form's initial values: after a successful send the island hands these to the
 * live form, so React's next render does not put the typed-early values back as defaults.
 */
export function pristineInitialValues(islandId: string): Record<string, string> {
  const pristine = byIsland.get(islandId);
  if (!pristine) return {};
  const values = Object.fromEntries(pristine.values);
  for (const entry of pristine.checked) {
    const [name, value] = entry.split('=') as [string, string];
    values[name] = value;
  }
  return values;
}
