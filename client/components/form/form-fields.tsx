import { useEffect, useState, type ComponentType, type FocusEvent, type ReactNode } from 'react';
import { lagosToday } from '../../../shared/lagos-date';
import type { FieldGroup, FieldSpec, PasswordSpec } from '../../../shared/forms/field-spec';
import { Field } from './field';
import { Select } from './select';
import { TextArea } from './text-area';
import { TickBox } from './tick-box';

export type PasswordControlProps = Omit<PasswordSpec, 'kind' | 'optional'> & { error?: string; defaultValue?: string };

type FormFieldsProps = {
  fields: FieldGroup[];
  /** Prefixes every id, so that two forms on one page never share one. */
  idPrefix: string;
  initialValues: Record<string, string>;
  errors: Record<string, string>;
  /** Controls whose values the form keeps in state (a select that shows another). */
  linked?: { values: Record<string, string>; change: (name: string, value: string) => void };
  /** The password control, with its show/hide toggle (features/auth brings it, with its styles). */
  password?: ComponentType<PasswordControlProps>;
  /** Changed after a successful send: the password toggles go back to hidden with the cleared form. */
  resetKey?: number;
};

/** Today in Lagos, set in the browser: the prerendered HTML was built on another day. */
function useLagosToday() {
  const [today, setToday] = useState<string | undefined>(() =>
    typeof window === 'undefined' ? undefined : lagosToday(),
  );
  // eslint-disable-next-line react-hooks/set-state-in-effect -- after hydration, today in Lagos replaces the build day
  useEffect(() => setToday(lagosToday()), []);
  return today;
}

const wholeNumberOr = (fallback: number) => (event: FocusEvent<HTMLInputElement>) => {
  const input = event.currentTarget;
  // A number input holding letters reports '' (and badInput): either way it becomes the fallback.
  if (input.validity.badInput || !/^-?\d+$/.test(input.value.trim())) input.value = String(fallback);
};

/** A form's field list (shared/forms), drawn with the one labelled-control pattern: label, hint, error, describedby. */
export function FormFields({
  fields,
  idPrefix,
  initialValues,
  errors,
  linked,
  password: Password,
  resetKey = 0,
}: FormFieldsProps) {
  const today = useLagosToday();

  const control = (field: FieldSpec): ReactNode => {
    const common = {
      id: `${idPrefix}-${field.id}`,
      name: field.name,
      label: field.label,
      hint: field.hint,
      error: errors[field.name],
    };
    if (field.kind === 'password')
      return Password ? (
        <Password
          key={`${field.name}-${resetKey}`}
          {...common}
          autoComplete={field.autoComplete}
          defaultValue={initialValues[field.name]}
        />
      ) : null;
    if (field.kind === 'tick-box')
      // Ticked in the markup before the scripts came, or sent ticked in a refused plain post: it stays ticked.
      return <TickBox key={field.name} {...common} defaultChecked={Boolean(initialValues[field.name])} />;
    if (field.kind === 'textarea')
      return (
        <TextArea
          key={field.name}
          {...common}
          optional={field.optional}
          rows={field.rows}
          defaultValue={initialValues[field.name]}
        />
      );
    if (field.kind === 'select') {
      if (field.shownWhen && linked?.values[field.shownWhen.name] !== field.shownWhen.value) return null;
      const value =
        linked && field.name in linked.values
          ? {
              value: linked.values[field.name],
              onChange: (event: { target: { value: string } }) => linked.change(field.name, event.target.value),
            }
          : { defaultValue: initialValues[field.name] ?? '' };
      return (
        <Select
          key={field.name}
          {...common}
          optional={field.optional}
          placeholder={field.placeholder}
          options={field.options}
          {...value}
        />
      );
    }
    return (
      <Field
        key={field.name}
        {...common}
        optional={field.optional}
        type={field.type}
        inputMode={field.inputMode}
        autoComplete={field.autoComplete}
        spellCheck={field.spellCheck}
        min={field.notBeforeToday ? today : field.min}
        max={field.max}
        step={field.step}
        defaultValue={initialValues[field.name] ?? field.defaultValue}
        onBlur={field.wholeNumberOr === undefined ? undefined : wholeNumberOr(field.wholeNumberOr)}
      />
    );
  };

  const group = (item: FieldGroup, index: number): ReactNode => {
    if (item.kind === 'row')
      return (
        <div key={index} className="app-form__row">
          {item.fields.map(control)}
        </div>
      );
    if (item.kind === 'section')
      return (
        <fieldset key={index} className="app-form__section">
          <legend>
            <h2 className="app-form__section-title">{item.title}</h2>
          </legend>
          {item.fields.map(group)}
        </fieldset>
      );
    if (item.kind === 'tick-boxes')
      return (
        <fieldset key={index} className="app-tick-boxes">
          <legend className="app-field__legend">
            {item.legend}
            <span className="app-field__optional"> (optional)</span>
          </legend>
          {item.fields.map(control)}
        </fieldset>
      );
    return control(item);
  };

  return <>{fields.map(group)}</>;
}
