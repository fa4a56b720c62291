import { useState } from 'react';

/**
 * A destructive action asked twice, in place: the button, then 'Yes, …' and 'Keep'. `name` is what it acts on, for
 * screen readers (the visible label stays short in a table).
 */
export function ConfirmAction({
  label,
  confirmLabel,
  name,
  busy,
  onConfirm,
}: {
  label: string;
  confirmLabel: string;
  name: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className="app-button app-button--secondary" onClick={() => setAsking(true)}>
        {label}
        <span className="app-visually-hidden"> {name}</span>
      </button>
    );
  return (
    <span className="app-staff__confirm" role="group" aria-label={`${label} ${name}?`}>
      <button type="button" className="app-button app-button--danger" disabled={busy} onClick={onConfirm}>
        {confirmLabel}
      </button>{' '}
      <button type="button" className="app-button app-button--ghost" onClick={() => setAsking(false)}>
        Keep
      </button>
    </span>
  );
}
