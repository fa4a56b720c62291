import type { MouseEvent, Ref } from 'react';
import './form.css';

/** One problem: `fieldId` links it to its field; without one it is a message about the whole form. */
export type ErrorSummaryItem = { fieldId?: string; message: string };

type ErrorSummaryProps = { items: ErrorSummaryItem[]; ref?: Ref<HTMLDivElement>; title?: string };

/**
 * GOV.UK error summary: "There is a problem" and a link to each field. It is an
 * alert, so it is announced when it appears, and it can take focus when there is
 * no field to move to (a form-level message such as the rate limit).
 */
export function ErrorSummary({ items, ref, title = 'There is a problem' }: ErrorSummaryProps) {
  if (!items.length) return null;
  const goTo = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    field.scrollIntoView({ block: 'center' });
    field.focus();
  };
  return (
    <div ref={ref} className="app-error-summary" role="alert" tabIndex={-1}>
      <h2 className="app-error-summary__title">{title}</h2>
      <ul className="app-error-summary__list">
        {items.map((item) => (
          <li key={`${item.fieldId ?? ''}${item.message}`}>
            {item.fieldId ? (
              <a href={`#${item.fieldId}`} onClick={(event) => goTo(event, item.fieldId!)}>
                {item.message}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
