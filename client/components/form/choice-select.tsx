import type { SelectHTMLAttributes } from 'react';
import { FieldWrapper } from './field-wrapper';

type ChoiceSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
  id: string;
  label: string;
  /** `[value, label]` per choice, in order. */
  options: readonly (readonly [value: string | number, label: string])[];
  /** A first choice with the empty value that is itself an answer ("Any", "Unassigned"), not a prompt. */
  emptyLabel?: string;
};

/**
 * A labelled select for staff filters and settings, where every choice, the empty one included, is valid: unlike
 * `Select` it is never required, so its label carries no "(optional)".
 */
export function ChoiceSelect({ id, label, options, emptyLabel, ...selectProps }: ChoiceSelectProps) {
  return (
    <FieldWrapper id={id} label={label}>
      {() => (
        <select {...selectProps} id={id} className="app-field__control">
          {emptyLabel === undefined ? null : <option value="">{emptyLabel}</option>}
          {options.map(([value, optionLabel]) => (
            <option key={value} value={value}>
              {optionLabel}
            </option>
          ))}
        </select>
      )}
    </FieldWrapper>
  );
}
