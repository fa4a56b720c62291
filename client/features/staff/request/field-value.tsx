type SubmissionField = { label: string; value: string | null; kind: 'email' | 'phone' | 'text' };

/**
 * A field's value; the e-mail and the phone are links (issue #23.4): mailto:, tel: with the number in E.164, and
 * WhatsApp (wa.me takes the digits only) when the number can be a mobile. A phone with no E.164 form stays text.
 */
export function FieldValue({
  field,
  phoneE164,
  phoneMobile,
}: {
  field: SubmissionField;
  phoneE164: string | null;
  phoneMobile: boolean;
}) {
  if (field.value === null) return <span className="app-staff__empty">Not given</span>;
  if (field.kind === 'email') return <a href={`mailto:${field.value}`}>{field.value}</a>;
  if (field.kind === 'phone' && phoneE164)
    return (
      <>
        <a href={`tel:${phoneE164}`}>{field.value}</a>
        {phoneMobile ? (
          <>
            {' · '}
            <a href={`https://wa.me/${phoneE164.replace(/\D/g, '')}`}>WhatsApp</a>
          </>
        ) : null}
      </>
    );
  return <>{field.value}</>;
}
