import type { ReactNode } from 'react';
import { FieldHintAndError, describedByIds } from './field-wrapper';
import './form.css';

export type RadioOption = { value: string; label: ReactNode };

type RadioGroupProps = {
  id: string;
  name: string;
  legend: ReactNode;
  options: readonly RadioOption[];
  hint?: ReactNode;
  error?: string;
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
};

/** Radios in a fieldset whose legend is the question; hint and error describe the group. */
export function RadioGroup({ id, name, legend, options, hint, error, defaultValue, value, onChange }: RadioGroupProps) {
  const describedBy = describedByIds(id, hint, error);
  return (
    <div className={`app-field${error ? ' app-field--error' : ''}`}>
      <fieldset className="app-field__radios" aria-describedby={describedBy}>
        <legend className="app-field__legend">{legend}</legend>
        <FieldHintAndError id={id} hint={hint} error={error} />
        {options.map((option, index) => (
          <label key={option.value} className="app-field__radio">
            <input
              type="radio"
              id={index === 0 ? id : `${id}-${index}`}
              name={name}
              value={option.value}
              {...(value !== undefined
                ? { checked: value === option.value }
                : { defaultChecked: defaultValue === option.value })}
              onChange={onChange ? () => onChange(option.value) : undefined}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
