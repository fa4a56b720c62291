/** A private note in the open conversation (issue #29.3): colleagues see it in the log, the visitor never does. */
import { useId, useState } from 'react';
import { agentNoteAddSchema, CHAT_NOTE_MAX_LENGTH } from '../../../../shared/schemas/chat';
import { AppForm } from '../../../components/form/app-form';
import { TextArea } from '../../../components/form/text-area';
import type { AskResult } from '../agent-connection';
import { SaveRow, useSaveForm } from './use-save-form';

export function NoteForm({
  conversationId,
  onSave,
}: {
  conversationId: number;
  onSave: (body: string) => Promise<AskResult<'note:add'>>;
}) {
  const bodyId = useId();
  const [body, setBody] = useState('');
  const { form, saving, done, clearDone, saveWith } = useSaveForm('Could not save the note.');
  const save = saveWith({
    schema: agentNoteAddSchema,
    values: () => ({ conversationId, body }),
    send: () => onSave(body),
    refusedField: 'body',
    saved: () => {
      setBody('');
      return 'Note saved. Only staff can see it.';
    },
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
          clearDone();
        }}
      />
      <SaveRow saving={saving} label="Save note" done={done} />
    </AppForm>
  );
}
