/** A panel with one text to send: the internal note, or the message to the patient (issue #13). */
import { useState, type FormEvent } from 'react';
import { STAFF_NOTE_MAX } from '../../../../shared/requests';

export function TextForm({
  id,
  title,
  hint,
  button,
  busy,
  initial = '',
  error,
  onSubmit,
}: {
  id: string;
  title: string;
  hint: string;
  button: string;
  busy: boolean;
  initial?: string;
  error?: string;
  onSubmit: (body: string) => Promise<boolean>;
}) {
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit(value).then((ok) => {
      if (ok && !initial) setValue('');
    });
  };
  return (
    <section aria-labelledby={`${id}-title`} className="app-staff__panel">
      <h2 id={`${id}-title`}>{title}</h2>
      <form onSubmit={submit}>
        <div className="app-field">
          <label className="app-field__label" htmlFor={`${id}-body`}>
            {title}
          </label>
          <p id={`${id}-hint`} className="app-field__hint">
            {hint}
          </p>
          {error ? (
            <p id={`${id}-error`} className="app-field__error">
              {error}
            </p>
          ) : null}
          <textarea
            id={`${id}-body`}
            name="body"
            className="app-field__control"
            rows={3}
            maxLength={STAFF_NOTE_MAX}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            required
          />
        </div>
        <button type="submit" className="app-button app-button--secondary" disabled={busy}>
          {button}
        </button>
      </form>
    </section>
  );
}
