import type { InputHTMLAttributes } from 'react';
import { FieldError, describedByIds, type LabelledControlProps } from './field-wrapper';
import './form.css';

export type TickBoxProps = Omit<
  LabelledControlProps<InputHTMLAttributes<HTMLInputElement>, HTMLInputElement>,
  'type' | 'value' | 'optional'
>;

/**
 * One tick box (GOV.UK checkboxes): the box, its label beside it, the hint under the label, the error above the
 * box. Its value is the browser's own 'on', so the plain HTML post and the live form send the same thing. A box is
 * never required: unticked is an answer.
 */
export function TickBox({ id, name, label, hint, error, className, ...inputProps }: TickBoxProps) {
  return (
    <div className={`app-field app-tick-box${className ? ` ${className}` : ''}${error ? ' app-field--error' : ''}`}>
      {error ? <FieldError id={`${id}-error`} message={error} /> : null}
      <div className="app-tick-box__item">
        {/* The label holds the box: the whole row, at least 44px high, ticks it. */}
        <label className="app-tick-box__label" htmlFor={id}>
          <input
            {...inputProps}
            id={id}
            name={name}
            type="checkbox"
            value="on"
            className="app-tick-box__input"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedByIds(id, hint, error)}
          />
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="app-field__hint app-tick-box__hint">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
