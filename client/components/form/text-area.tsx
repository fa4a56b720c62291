import type { TextareaHTMLAttributes } from 'react';
import { controlAttributes, FieldWrapper, type LabelledControlProps } from './field-wrapper';

export type TextAreaProps = LabelledControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>, HTMLTextAreaElement>;

/** A labelled multi-line text box; `rows` follows the spec (4, or 6 for a cover letter). */
export function TextArea({ id, name, label, hint, error, optional, rows = 4, ...areaProps }: TextAreaProps) {
  return (
    <FieldWrapper id={id} label={label} hint={hint} error={error} optional={optional}>
      {(describedBy) => (
        <textarea
          {...areaProps}
          {...controlAttributes(id, name, optional, error, describedBy)}
          rows={rows}
          className="app-field__control"
        />
      )}
    </FieldWrapper>
  );
}
