import type { ReactNode } from 'react';
import './form.css';

export type FieldWrapperProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Adds "(optional)" to the label: required fields are the norm, optional ones are marked. */
  optional?: boolean;
  children: (describedBy: string | undefined) => ReactNode;
};

/** Ids of the hint and error that describe a control, for aria-describedby. */
export function describedByIds(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/**
 * Label, hint and error around one control (GOV.UK error-message pattern): the
 * error sits by the field with a visually hidden "Error:" prefix and is tied to
 * the control through aria-describedby.
 */
export function FieldWrapper({ id, label, hint, error, optional, children }: FieldWrapperProps) {
  return (
    <div className={`app-field${error ? ' app-field--error' : ''}`}>
      <label className="app-field__label" htmlFor={id}>
        {label}
        {optional ? <span className="app-field__optional"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="app-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`} message={error} /> : null}
      {children(describedByIds(id, hint, error))}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="app-field__error">
      <span className="app-visually-hidden">Error:</span> {message}
    </p>
  );
}
