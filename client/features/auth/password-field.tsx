import { useState } from 'react';
import { FieldWrapper } from '../../components/form/field-wrapper';
import './auth.css';

type PasswordFieldProps = {
  id: string;
  name: string;
  label: string;
  autoComplete: 'new-password' | 'current-password';
  hint?: string;
  error?: string;
  defaultValue?: string;
};

/**
 * A password input with a show/hide toggle. The toggle is a real button whose accessible
 * name says what it will do ("Show Password" / "Hide Password"), next to the field.
 */
export function PasswordField({ id, name, label, autoComplete, hint, error, defaultValue }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <FieldWrapper id={id} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <div className="app-password">
          <input
            id={id}
            name={name}
            type={shown ? 'text' : 'password'}
            required
            defaultValue={defaultValue}
            autoComplete={autoComplete}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="app-field__control app-password__input"
          />
          <button
            type="button"
            className="app-password__toggle"
            aria-controls={id}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? 'Hide' : 'Show'}
            <span className="app-visually-hidden"> {label}</span>
          </button>
        </div>
      )}
    </FieldWrapper>
  );
}
