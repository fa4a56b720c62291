/**
 * After a successful send, the reference stays on the page (the toast closes
 * after a few seconds) so the visitor can note it down or quote it when they call.
 */
export function SentReference({ reference, what }: { reference: string | null; what: string }) {
  return (
    <p className="app-form__status" role="status">
      {reference ? `${what} sent. Your reference is ${reference}.` : null}
    </p>
  );
}
