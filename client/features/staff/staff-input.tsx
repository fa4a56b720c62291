/** A labelled input of the staff app with its error above it, tied by aria-describedby and announced. */
export function StaffInput({
  id,
  name,
  label,
  type = 'text',
  required,
  autoComplete,
  error,
}: {
  id: string;
  name: string;
  label: string;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  error?: string;
}) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="app-field">
      <label className="app-field__label" htmlFor={id}>
        {label}
      </label>
      {error ? (
        <p id={errorId} className="app-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        className="app-field__control"
        required={required}
        autoComplete={autoComplete}
        aria-describedby={errorId}
        aria-invalid={error ? true : undefined}
      />
    </div>
  );
}
