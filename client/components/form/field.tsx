import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldWrapper } from './field-wrapper';

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'children'> & {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled text-like input (text, email, tel, url, date, number, password). */
export function Field({ id, name, label, hint, error, optional, className, type = 'text', ...inputProps }: FieldProps) {
  return (
    <FieldWrapper id={id} label={label} hint={hint} error={error} optional={optional}>
      {(describedBy) => (
        <input
          {...inputProps}
          id={id}
          name={name}
          type={type}
          required={!optional}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`app-field__control${className ? ` ${className}` : ''}`}
        />
      )}
    </FieldWrapper>
  );
}
