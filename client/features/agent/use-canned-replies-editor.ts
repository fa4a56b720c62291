/**
 * The canned replies editor's state (admins): the reply being edited, the two fields and their errors (checked with
 * the shared schema first), and the server's answers to save and delete.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import type { CannedReply } from '../../../shared/chat-events';
import { cannedReplySaveSchema } from '../../../shared/schemas/chat';
import type { AskResult } from './agent-connection';

type Field = 'title' | 'body';
export type CannedErrors = Partial<Record<Field, string>>;
type Errors = CannedErrors;

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
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState('');
  const [failed, setFailed] = useState('');
  const [saving, setSaving] = useState(false);

  const startEdit = (reply: CannedReply | null) => {
    setEditing(reply);
    setTitle(reply?.title ?? '');
    setBody(reply?.body ?? '');
    setErrors({});
    setFailed('');
    titleRef.current?.focus();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const payload = { ...(editing ? { id: editing.id } : {}), title, body };
    const parsed = cannedReplySaveSchema.safeParse(payload);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'title' || field === 'body') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      setDone('');
      // The first field in error takes the focus, so its message is read with it.
      document.getElementById(next.title ? titleId : bodyId)?.focus();
      return;
    }
    setErrors({});
    if (saving) return;
    setSaving(true);
    const result = await onSave(parsed.data);
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
  };

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
    titleId,
    bodyId,
    titleRef,
    headingRef,
    editing,
    title,
    setTitle,
    body,
    setBody,
    errors,
    done,
    failed,
    saving,
    startEdit,
    save,
    remove,
  };
}
