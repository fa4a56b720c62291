import type { InputHTMLAttributes } from 'react';
import { controlAttributes, FieldWrapper, type LabelledControlProps } from './field-wrapper';

export type FieldProps = LabelledControlProps<InputHTMLAttributes<HTMLInputElement>, HTMLInputElement>;

/** A labelled text-like input (text, email, tel, url, date, number, password). */
export function Field({ id, name, label, hint, error, optional, className, type = 'text', ...inputProps }: FieldProps) {
  return (
    <FieldWrapper id={id} label={label} hint={hint} error={error} optional={optional}>
      {(describedBy) => (
        <input
          {...inputProps}
          {...controlAttributes(id, name, optional, error, describedBy)}
          type={type}
          className={`app-field__control${className ? ` ${className}` : ''}`}
        />
      )}
    </FieldWrapper>
  );
}
