/**
 * The canned replies editor's state (admins): the reply being edited, the two fields and their errors (checked with
 * the shared schema first), and the server's answers to save and delete.
 */
import { useId, useRef, useState } from 'react';
import type { CannedReply } from '../../../../shared/chat-events';
import { cannedReplySaveSchema } from '../../../../shared/schemas/chat';
import { checkSchema } from '../../../components/form/server-errors';
import { useAppForm } from '../../../components/form/use-app-form';
import type { AskResult } from '../agent-connection';

export function useCannedRepliesEditor(
  onSave: (reply: { id?: number; title: string; body: string }) => Promise<AskResult<'canned:save'>>,
  onDelete: (id: number) => Promise<AskResult<'canned:delete'>>,
) {
  const titleId = useId();
  const bodyId = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [editing, setEditing] = useState<CannedReply | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [done, setDone] = useState('');
  const [failed, setFailed] = useState('');
  const [saving, setSaving] = useState(false);
  // The form kit: error summary, errors at the fields (the first one takes the focus), double-send guard.
  const form = useAppForm({ onLoadFailed: (errors) => errors.showErrors({}, 'Could not save the canned reply.') });

  const startEdit = (reply: CannedReply | null) => {
    setEditing(reply);
    setTitle(reply?.title ?? '');
    setBody(reply?.body ?? '');
    form.clearErrors();
    setFailed('');
    titleRef.current?.focus();
  };

  const save = form.submit(async () => {
    const payload = { ...(editing ? { id: editing.id } : {}), title, body };
    const fieldErrors = checkSchema(cannedReplySaveSchema, payload);
    if (fieldErrors) {
      form.showErrors(fieldErrors);
      setDone('');
      return;
    }
    form.clearErrors();
    setSaving(true);
    const result = await onSave(cannedReplySaveSchema.parse(payload));
    setSaving(false);
    if (!result.ok) {
      setFailed(result.error.message);
      setDone('');
      return;
    }
    setFailed('');
    setDone(editing ? `Saved “${result.reply.title}”.` : `Added “${result.reply.title}”.`);
    setEditing(null);
    setTitle('');
    setBody('');
  });

  const remove = async (reply: CannedReply) => {
    const result = await onDelete(reply.id);
    if (!result.ok) {
      setFailed(result.error.message);
      setDone('');
      return;
    }
    setFailed('');
    setDone(`Deleted “${reply.title}”.`);
    if (editing?.id === reply.id) startEdit(null);
    // Its buttons are gone with it: the focus goes back to the section's heading.
    headingRef.current?.focus();
  };

  return {
    headingRef,
    titleRef,
    editing,
    fields: { titleId, bodyId, title, body },
    setTitle,
    setBody,
    form,
    saving,
    save,
    startEdit,
    remove,
    done,
    failed,
  };
}
