/**
 * What the agent's small forms beside a conversation share (contact details, private notes): checked with the shared
 * schema first, sent once over the agent socket, the server's refusal shown by its field, and a polite "saved" line.
 */
import { useState } from 'react';
import type { z } from 'zod';
import { checkSchema } from '../../../components/form/server-errors';
import { useAppForm } from '../../../components/form/use-app-form';

type Answer<T> = ({ ok: true } & T) | { ok: false; error: { message: string; field?: string } };

export function useSaveForm(failedMessage: string) {
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState('');
  const form = useAppForm({ onLoadFailed: (errors) => errors.showErrors({}, failedMessage) });

  /** The submit handler: `refusedField` is where a refusal that names no field of its own stands (else above). */
  const saveWith = <T,>(options: {
    schema: z.ZodType;
    values: () => unknown;
    send: () => Promise<Answer<T>>;
    refusedField?: string;
    saved: (answer: T) => string;
  }) =>
    form.submit(async () => {
      const fieldErrors = checkSchema(options.schema, options.values());
      if (fieldErrors) return form.showErrors(fieldErrors);
      form.clearErrors();
      setSaving(true);
      const answer = await options.send();
      setSaving(false);
      if (!answer.ok) {
        const field = answer.error.field ?? options.refusedField;
        return form.showErrors(
          field ? { [field]: answer.error.message } : {},
          field ? undefined : answer.error.message,
        );
      }
      setDone(options.saved(answer));
    });

  return { form, saving, done, clearDone: () => setDone(''), saveWith };
}

/** The form's button and its announced result. */
export function SaveRow({ saving, label, done }: { saving: boolean; label: string; done: string }) {
  return (
    <>
      <div className="app-agent__action-row">
        <button type="submit" className="app-button app-button--secondary" disabled={saving}>
          {saving ? 'Saving…' : label}
        </button>
      </div>
      <p className="app-agent__feedback" role="status">
        {done}
      </p>
    </>
  );
}
