import { DEFAULT_SUPPORT_HOURS, describeSupportHours, parseSupportHours } from '../../../shared/support-hours';

const texts = {
  heading: 'Chat Support hours',
  timeZone: 'Times are Lagos time (WAT).',
  holidays: 'Closed on Nigerian public holidays.',
};

// The page is prerendered without the server's environment, so it shows the default, not SUPPORT_HOURS.
const hours = describeSupportHours(parseSupportHours(DEFAULT_SUPPORT_HOURS));

/** The live chat's office hours on /contact, from the same schedule the chat server uses (issue #14). */
export function SupportHours() {
  return (
    <section aria-labelledby="support-hours-heading">
      <h2 id="support-hours-heading">{texts.heading}</h2>
      <ul>
        {hours.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>
        {texts.timeZone} {texts.holidays}
      </p>
    </section>
  );
}
