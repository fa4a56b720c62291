import { useRef, type FormEvent } from 'react';
import { AppForm } from '../../components/form/app-form';
import { Field } from '../../components/form/field';
import { TextArea } from '../../components/form/text-area';
import { useFormErrors, type FieldErrors } from '../../components/form/use-form-errors';
import { useToast } from '../../components/toast/toast-provider';
import { contactTexts } from '../../content/contact-texts';
import { mailtoHref, type ContactMessage } from './mailto-href';
import { clickLink } from '../../lib/click-link';

const CONTACT_FORM_ID = 'contact-form';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** Spec section 5: all four fields required, the e-mail address checked. */
export function validateContact(values: ContactMessage): FieldErrors {
  const messages = contactTexts.errors;
  const errors: FieldErrors = {};
  for (const field of FIELDS) if (!values[field]) errors[field] = messages[field];
  if (values.email && !EMAIL_PATTERN.test(values.email)) errors.email = messages.emailFormat;
  return errors;
}

export type ContactFormProps = {
  /** What was typed into the server's markup before the form went live (see Island). */
  initialValues?: Record<string, string>;
};

/**
 * The contact form (spec sections 4, 5, 7): makes no server call. A valid submit
 * composes a mailto: link, shows the 'Opening Email Client' notice and resets.
 */
export function ContactForm({ initialValues = {} }: ContactFormProps) {
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const { fieldErrors, summary, summaryRef, showErrors, clearErrors } = useFormErrors(formRef);
  const texts = contactTexts;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const read = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const values: ContactMessage = {
      name: read('name'),
      email: read('email'),
      subject: read('subject'),
      message: read('message'),
    };
    const errors = validateContact(values);
    if (Object.keys(errors).length) {
      showErrors(errors);
      return;
    }
    clearErrors();
    clickLink(mailtoHref(values));
    toast(texts.notice);
    form.reset();
  };

  return (
    <section aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading">{texts.heading}</h2>
      <p>{texts.intro}</p>
      <AppForm
        formRef={formRef}
        summaryRef={summaryRef}
        form={{ summary }}
        id={CONTACT_FORM_ID}
        // Sent before the scripts run, it is held and sent once live (ADR 0029): a plain post would reach nobody.
        holdEarlySubmit
        onSubmit={onSubmit}
        labelledBy="contact-form-heading"
        lead={
          <noscript>
            <p className="app-field__hint">{texts.noscript}</p>
          </noscript>
        }
        // Nothing is sent to a server, so nothing is ever busy.
        submit={{ label: texts.submitLabel, busyLabel: texts.submitLabel, busy: false }}
      >
        <Field
          id="contact-name"
          name="name"
          label={texts.nameLabel}
          autoComplete="name"
          defaultValue={initialValues.name}
          error={fieldErrors.name}
        />
        <Field
          id="contact-email"
          name="email"
          type="email"
          label={texts.emailLabel}
          autoComplete="email"
          spellCheck={false}
          defaultValue={initialValues.email}
          error={fieldErrors.email}
        />
        <Field
          id="contact-subject"
          name="subject"
          label={texts.subjectLabel}
          defaultValue={initialValues.subject}
          error={fieldErrors.subject}
        />
        <TextArea
          id="contact-message"
          name="message"
          label={texts.messageLabel}
          rows={5}
          defaultValue={initialValues.message}
          error={fieldErrors.message}
        />
      </AppForm>
    </section>
  );
}
