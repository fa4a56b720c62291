import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldWrapper } from './field-wrapper';

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'children'> & {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled multi-line text box; `rows` follows the spec (4, or 6 for a cover letter). */
export function TextArea({ id, name, label, hint, error, optional, rows = 4, ...areaProps }: TextAreaProps) {
  return (
    <FieldWrapper id={id} label={label} hint={hint} error={error} optional={optional}>
      {(describedBy) => (
        <textarea
          {...areaProps}
          id={id}
          name={name}
          rows={rows}
          required={!optional}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="app-field__control"
        />
      )}
    </FieldWrapper>
  );
}
