/** A private note in the open conversation (issue #29.3): colleagues see it in the log, the visitor never does. */
import { useId, useState } from 'react';
import { agentNoteAddSchema, CHAT_NOTE_MAX_LENGTH } from '../../../../shared/schemas/chat';
import { AppForm } from '../../../components/form/app-form';
import { checkSchema } from '../../../components/form/server-errors';
import { TextArea } from '../../../components/form/text-area';
import { useAppForm } from '../../../components/form/use-app-form';
import type { AskResult } from '../agent-connection';

export function NoteForm({
  conversationId,
  onSave,
}: {
  conversationId: number;
  onSave: (body: string) => Promise<AskResult<'note:add'>>;
}) {
  const bodyId = useId();
  const [body, setBody] = useState('');
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState('');
  const form = useAppForm({ onLoadFailed: (errors) => errors.showErrors({}, 'Could not save the note.') });

  const save = form.submit(async () => {
    const fieldErrors = checkSchema(agentNoteAddSchema, { conversationId, body });
    if (fieldErrors) return form.showErrors(fieldErrors);
    form.clearErrors();
    setSaving(true);
    const result = await onSave(body);
    setSaving(false);
    if (!result.ok) return form.showErrors({ body: result.error.message });
    setBody('');
    setDone('Note saved. Only staff can see it.');
  });

  return (
    <AppForm form={form} onSubmit={save} label="Private note" className="app-agent__form">
      <TextArea
        id={bodyId}
        name="body"
        label="Private note (staff only)"
        hint="Colleagues see it in the conversation; the visitor never does."
        rows={2}
        maxLength={CHAT_NOTE_MAX_LENGTH}
        value={body}
        error={form.fieldErrors.body}
        onChange={(event) => {
          setBody(event.target.value);
          setDone('');
        }}
      />
      <div className="app-agent__action-row">
        <button type="submit" className="app-button app-button--secondary" disabled={saving}>
          {saving ? 'Saving…' : 'Save note'}
        </button>
      </div>
      <p className="app-agent__feedback" role="status">
        {done}
      </p>
    </AppForm>
  );
}
