import { brand } from '../../../shared/brand';

/** Without JavaScript the form cannot be sent: say so and give other ways to reach us. */
export function NoScriptNotice() {
  return (
    <noscript>
      <p className="app-field__hint">
        This form needs JavaScript to send. You can also call us on {brand.phone} or email {brand.email}.
      </p>
    </noscript>
  );
}
