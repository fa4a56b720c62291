import { useId } from 'react';
import type { CannedReply } from '../../../../shared/chat-events';
import type { AskResult } from '../agent-connection';
import { CannedReplyForm } from './canned-reply-form';
import { useCannedRepliesEditor } from './use-canned-replies-editor';

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
  const {
    titleId,
    bodyId,
    titleRef,
    headingRef,
    editing,
    title,
    setTitle,
    body,
    setBody,
    form,
    done,
    failed,
    saving,
    startEdit,
    save,
    remove,
  } = useCannedRepliesEditor(onSave, onDelete);

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
      <CannedReplyForm
        editing={editing}
        form={{ ...form, busy: saving }}
        fields={{ titleId, bodyId, title, body }}
        titleRef={titleRef}
        onTitle={setTitle}
        onBody={setBody}
        onSave={save}
        onCancel={() => startEdit(null)}
      />
    </section>
  );
}
