import { Field } from '../../../components/form/field';
import { SubmitButton } from '../../../components/form/submit-button';
import type { NewsletterInput } from '../../../../shared/schemas/newsletter';
import { StoredFormFrame } from '../stored-form-frame';
import type { LiveProps } from '../../../rendering/island';
import { storedForms } from '../../../../shared/forms/stored-forms';
import { formValue } from '../../../components/form/form-value';
import { useStoredForm } from '../use-stored-form';
import { trpc } from '../../../lib/trpc';
import { withTrpc } from '../../../lib/trpc-provider';
import { newsletterMessages } from './newsletter-messages';

const load = () => import('./submit-newsletter').then((module) => module.newsletterCheck);
const read = (form: HTMLFormElement) => storedForms['newsletter'].toInput((name) => formValue(form, name));

/** Newsletter sign-up (spec sections 4, 5, 8): the live form behind NewsletterForm. */
function NewsletterLiveFormInner({ initialValues = {}, openedAt }: LiveProps) {
  const { formRef, summaryRef, ...form } = useStoredForm<NewsletterInput>({
    formName: 'newsletter',
    load,
    mutation: trpc.forms.subscribeNewsletter.useMutation(),
    read,
    ...newsletterMessages,
    openedAt,
  });
  return (
    <section className="app-newsletter" aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading">Subscribe to Our Newsletter</h2>
      <p>Get plain-language health tips and news about our services by email. You can unsubscribe at any time.</p>
      <StoredFormFrame formRef={formRef} summaryRef={summaryRef} form={form} botTrapPrefix="newsletter">
        <Field
          id="newsletter-email"
          name="email"
          type="email"
          label="Email Address"
          autoComplete="email"
          spellCheck={false}
          defaultValue={initialValues.email}
          error={form.fieldErrors.email}
        />
        <div>
          <SubmitButton busy={form.busy} busyLabel="Subscribing...">
            Subscribe
          </SubmitButton>
        </div>
      </StoredFormFrame>
    </section>
  );
}

/** In its own tRPC provider: the live form loads on demand, and React Query with it. */
export const NewsletterLiveForm = withTrpc(NewsletterLiveFormInner);
