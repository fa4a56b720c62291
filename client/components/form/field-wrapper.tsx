import type { ReactNode, Ref } from 'react';
import './form.css';

export type FieldWrapperProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Adds "(optional)" to the label: required fields are the norm, optional ones are marked. */
  optional?: boolean;
  /** Added to `app-field` (a staff filter's wider search box, say). */
  className?: string;
  children: (describedBy: string | undefined) => ReactNode;
};

/** The props every labelled control takes, over its element's own attributes. */
export type LabelledControlProps<Attributes, Element> = Omit<Attributes, 'id' | 'name' | 'children'> & {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  ref?: Ref<Element>;
};

/** The attributes that tie a control to its label, hint and error and mark it required or invalid. */
export function controlAttributes(
  id: string,
  name: string,
  optional: boolean | undefined,
  error: string | undefined,
  describedBy: string | undefined,
) {
  return {
    id,
    name,
    required: !optional,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
}

/** Ids of the hint and error that describe a control, for aria-describedby. */
export function describedByIds(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/**
 * Label, hint and error around one control (GOV.UK error-message pattern): the
 * error sits by the field with a visually hidden "Error:" prefix and is tied to
 * the control through aria-describedby.
 */
export function FieldWrapper({ id, label, hint, error, optional, className, children }: FieldWrapperProps) {
  return (
    <div className={`app-field${className ? ` ${className}` : ''}${error ? ' app-field--error' : ''}`}>
      <label className="app-field__label" htmlFor={id}>
        {label}
        {optional ? <span className="app-field__optional"> (optional)</span> : null}
      </label>
      <FieldHintAndError id={id} hint={hint} error={error} />
      {children(describedByIds(id, hint, error))}
    </div>
  );
}

/** The hint and the error of a control or group; their ids are those `describedByIds` gives. */
export function FieldHintAndError({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="app-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`} message={error} /> : null}
    </>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="app-field__error">
      <span className="app-visually-hidden">Error:</span> {message}
    </p>
  );
}
