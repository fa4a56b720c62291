/** A panel with one text to send: the internal note, or the message to the patient (issue #13), on the form kit. */
import { useState } from 'react';
import { STAFF_NOTE_MAX } from '../../../../shared/requests';
import { AppForm } from '../../../components/form/app-form';
import { TextArea } from '../../../components/form/text-area';
import { useMutationForm } from '../../../components/form/use-mutation-form';

export function TextForm({
  id,
  title,
  hint,
  button,
  busy,
  initial = '',
  onSubmit,
}: {
  id: string;
  title: string;
  hint: string;
  button: string;
  busy: boolean;
  initial?: string;
  /** The mutation's promise: its field errors show in the form. */
  onSubmit: (body: string) => Promise<unknown>;
}) {
  const [value, setValue] = useState(initial);
  const form = useMutationForm(`Could not save: ${title.toLowerCase()}.`);
  const submit = form.submit(async () => {
    if ((await form.send(onSubmit(value))) && !initial) setValue('');
  });
  return (
    <section aria-labelledby={`${id}-title`} className="app-staff__panel">
      <h2 id={`${id}-title`}>{title}</h2>
      <AppForm form={form} onSubmit={submit} className="">
        <TextArea
          id={`${id}-body`}
          name="body"
          label={title}
          hint={hint}
          error={form.fieldErrors.body}
          rows={3}
          maxLength={STAFF_NOTE_MAX}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="app-button app-button--secondary" disabled={busy}>
          {button}
        </button>
      </AppForm>
    </section>
  );
}
