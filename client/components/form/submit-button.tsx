import type { ReactNode } from 'react';

type SubmitButtonProps = { busy: boolean; busyLabel: string; children: ReactNode; className?: string };

/** The form's submit button: disabled and showing its busy label while sending (spec section 4). */
export function SubmitButton({ busy, busyLabel, children, className }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`app-button app-button--primary${className ? ` ${className}` : ''}`}
      disabled={busy}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
