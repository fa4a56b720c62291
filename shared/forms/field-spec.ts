/**
 * A form as typed data (issue #26): each control's name, id, label, hint and kind, in order. The field list is what
 * the prerendered HTML, its plain HTML post and the live form share; client/components/form/form-fields.tsx draws it.
 */
type Common = {
  /** The control's name, as posted. */
  name: string;
  /** Its id after the form's prefix: `appointment` + `date` → `appointment-date`. */
  id: string;
  label: string;
  hint?: string;
  optional?: true;
};

export type InputSpec = Common & {
  kind: 'input';
  type?: 'text' | 'email' | 'tel' | 'url' | 'date' | 'number';
  autoComplete?: 'name' | 'email' | 'tel';
  inputMode?: 'numeric' | 'url';
  spellCheck?: false;
  min?: number;
  max?: number;
  step?: number;
  defaultValue?: number;
  /** The earliest date is today in Lagos, set in the browser (the prerendered HTML was built on another day). */
  notBeforeToday?: true;
  /** On leaving the field, anything but a whole number becomes this (spec section 5). */
  wholeNumberOr?: number;
};

export type SelectSpec = Common & {
  kind: 'select';
  placeholder: string;
  options: readonly string[];
  /** Shown (and then required) only while another field has this value; hidden, it is cleared. */
  shownWhen?: { name: string; value: string };
};

export type TextAreaSpec = Common & { kind: 'textarea'; rows: number };

/** A password with its show/hide toggle (the account forms). */
export type PasswordSpec = Common & { kind: 'password'; autoComplete: 'new-password' | 'current-password' };

/** A tick box, off until ticked; ticked, a plain post sends 'on'. */
export type TickBoxSpec = Common & { kind: 'tick-box' };

export type FieldSpec = InputSpec | SelectSpec | TextAreaSpec | PasswordSpec | TickBoxSpec;

export type FieldGroup =
  | FieldSpec
  | { kind: 'row'; fields: FieldSpec[] }
  | { kind: 'section'; title: string; fields: FieldGroup[] }
  /** Related tick boxes under one question, its legend (GOV.UK checkboxes). */
  | { kind: 'tick-boxes'; legend: string; fields: TickBoxSpec[] };

/** The Email Address field, the same on the stored forms and the account forms. */
export const emailField: FieldSpec = {
  kind: 'input',
  name: 'email',
  id: 'email',
  type: 'email',
  label: 'Email Address',
  autoComplete: 'email',
  spellCheck: false,
};
