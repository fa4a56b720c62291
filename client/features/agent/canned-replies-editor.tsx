import { useId, useRef, useState, type FormEvent } from 'react';
import type { CannedReply } from '../../../shared/chat-events';
import { cannedReplySaveSchema } from '../../../shared/schemas/chat';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import type { AskResult } from './agent-connection';

type Field = 'title' | 'body';
type Errors = Partial<Record<Field, string>>;

/**
 * Admins: the team's canned replies, each with Edit and Delete, and a form (Title, Reply) that adds one or saves
 * the one being edited. The shared schema checks the fields first, so errors stand next to the field they name;
 * the server's own refusals are said above the form.
 */
export function CannedRepliesEditor({
  replies,
  onSave,
  onDelete,
}: {
  replies: CannedReply[];
  onSave: (reply: { id?: number; title: string; body: string }) => Promise<AskResult<'canned:save'>>;
  onDelete: (id: number) => Promise<AskResult<'canned:delete'>>;
}) {
  const headingId = useId();
  const formHeadingId = useId();
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

  return (
    <section className="app-agent__panel" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="app-agent__heading">
        Canned replies
      </h2>
      {replies.length === 0 ? <p>No canned replies yet. Add the first one below.</p> : null}
      <ul className="app-agent__canned-admin">
        {replies.map((reply) => (
          <li key={reply.id}>
            <strong>{reply.title}</strong>
            <p className="app-agent__canned-body">{reply.body}</p>
            <div className="app-agent__action-row">
              <button type="button" className="app-button app-button--secondary" onClick={() => startEdit(reply)}>
                Edit <span className="app-visually-hidden">{reply.title}</span>
              </button>
              <button type="button" className="app-button app-button--danger" onClick={() => void remove(reply)}>
                Delete <span className="app-visually-hidden">{reply.title}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <p className="app-agent__feedback" role="status">
        {done}
      </p>
      <p className="app-agent__feedback app-agent__feedback--error" role="alert">
        {failed}
      </p>
      <form
        className="app-agent__form"
        aria-labelledby={formHeadingId}
        noValidate
        onSubmit={(event) => void save(event)}
      >
        <h3 id={formHeadingId} className="app-agent__subheading">
          {editing ? `Edit “${editing.title}”` : 'Add a canned reply'}
        </h3>
        <div className="app-agent__field">
          <label htmlFor={titleId}>Title</label>
          <input
            ref={titleRef}
            id={titleId}
            name="title"
            maxLength={60}
            value={title}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? `${titleId}-error` : undefined}
            onChange={(event) => setTitle(event.target.value)}
          />
          {errors.title ? (
            <p id={`${titleId}-error`} className="app-agent__field-error">
              {errors.title}
            </p>
          ) : null}
        </div>
        <div className="app-agent__field">
          <label htmlFor={bodyId}>Reply</label>
          <textarea
            id={bodyId}
            name="body"
            rows={3}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            value={body}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? `${bodyId}-error` : undefined}
            onChange={(event) => setBody(event.target.value)}
          />
          {errors.body ? (
            <p id={`${bodyId}-error`} className="app-agent__field-error">
              {errors.body}
            </p>
          ) : null}
        </div>
        <div className="app-agent__action-row">
          <button type="submit" className="app-button app-button--primary">
            {saving ? 'Saving…' : 'Save'}
          </button>
          {editing ? (
            <button type="button" className="app-button app-button--ghost" onClick={() => startEdit(null)}>
              Cancel editing
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
