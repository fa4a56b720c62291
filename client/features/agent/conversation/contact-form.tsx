/**
 * The visitor's contact details as an agent adds or corrects them in the chat, at any hour (issue #29.4). Checked with
 * the shared schema first, then by the server (a phone must be a real number); each error stands by its field.
 */
import { useId, useState } from 'react';
import type { ChatContact, ConversationSummary } from '../../../../shared/chat-events';
import { FIELD_MAX } from '../../../../shared/form-options';
import { agentContactSchema } from '../../../../shared/schemas/chat';
import { AppForm } from '../../../components/form/app-form';
import { Field } from '../../../components/form/field';
import type { AskResult } from '../agent-connection';
import { SaveRow, useSaveForm } from './use-save-form';

type Contact = Record<keyof ChatContact, string>;

export function ContactForm({
  conversation,
  onSave,
}: {
  conversation: ConversationSummary;
  onSave: (contact: Contact) => Promise<AskResult<'contact:update'>>;
}) {
  const ids = { name: useId(), email: useId(), phone: useId() };
  const [contact, setContact] = useState<Contact>({
    name: conversation.contact.name ?? '',
    email: conversation.contact.email ?? '',
    phone: conversation.contact.phone ?? '',
  });
  const { form, saving, done, clearDone, saveWith } = useSaveForm('Could not save the contact details.');
  const save = saveWith({
    schema: agentContactSchema,
    values: () => ({ conversationId: conversation.id, ...contact }),
    send: () => onSave(contact),
    saved: ({ conversation: { contact: saved } }) => {
      setContact({ name: saved.name ?? '', email: saved.email ?? '', phone: saved.phone ?? '' });
      return 'Contact details saved.';
    },
  });

  const change = (key: keyof Contact) => (event: { target: { value: string } }) => {
    setContact((current) => ({ ...current, [key]: event.target.value }));
    clearDone();
  };
  return (
    <AppForm form={form} onSubmit={save} label="Contact details" className="app-agent__form">
      <Field
        id={ids.name}
        name="name"
        label="Name"
        optional
        autoComplete="off"
        maxLength={FIELD_MAX.name}
        value={contact.name}
        error={form.fieldErrors.name}
        onChange={change('name')}
      />
      <Field
        id={ids.email}
        name="email"
        type="email"
        label="E-mail address"
        optional
        autoComplete="off"
        maxLength={FIELD_MAX.email}
        value={contact.email}
        error={form.fieldErrors.email}
        onChange={change('email')}
      />
      <Field
        id={ids.phone}
        name="phone"
        type="tel"
        label="Phone number"
        hint="Like 0803 123 4567 or +234 803 123 4567."
        optional
        autoComplete="off"
        maxLength={FIELD_MAX.phone}
        value={contact.phone}
        error={form.fieldErrors.phone}
        onChange={change('phone')}
      />
      <SaveRow saving={saving} label="Save contact details" done={done} />
    </AppForm>
  );
}
