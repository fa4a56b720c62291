import { useEffect, useId, useRef, useState } from 'react';
import type { CannedReply } from '../../../../shared/chat-events';
import type { AskResult } from '../agent-connection';
import { CannedReplyForm } from './canned-reply-form';
import { useCannedRepliesEditor } from './use-canned-replies-editor';

/**
 * Admins: the team's canned replies, each with Edit and Delete (which asks first), and a form (Title, Reply) that
 * adds one or saves the one being edited. The shared schema checks the fields first, so errors stand next to the
 * field they name; the server's own refusals are said above the form.
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
  // The refs apart: react-hooks/refs flags reading anything else from an object that carries one.
  const { headingRef, titleRef, ...editor } = useCannedRepliesEditor(onSave, onDelete);
  const [confirming, setConfirming] = useState<number | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The question replaces the Delete button, so the focus moves into it.
  useEffect(() => {
    if (confirming !== null) confirmRef.current?.focus();
  }, [confirming]);

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
              <button
                type="button"
                className="app-button app-button--secondary"
                onClick={() => editor.startEdit(reply)}
              >
                Edit <span className="app-visually-hidden">{reply.title}</span>
              </button>
              {confirming === reply.id ? null : (
                <button type="button" className="app-button app-button--danger" onClick={() => setConfirming(reply.id)}>
                  Delete <span className="app-visually-hidden">{reply.title}</span>
                </button>
              )}
            </div>
            {confirming === reply.id ? (
              <div className="app-agent__confirm" role="group" aria-label={`Delete “${reply.title}”?`}>
                <p>Delete “{reply.title}” for the whole team? This cannot be undone.</p>
                <div className="app-agent__action-row">
                  <button
                    type="button"
                    className="app-button app-button--danger"
                    ref={confirmRef}
                    onClick={() => {
                      setConfirming(null);
                      void editor.remove(reply);
                    }}
                  >
                    Yes, delete it
                  </button>
                  <button type="button" className="app-button app-button--ghost" onClick={() => setConfirming(null)}>
                    Keep it
                  </button>
                </div>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="app-agent__feedback" role="status">
        {editor.done}
      </p>
      <p className="app-agent__feedback app-agent__feedback--error" role="alert">
        {editor.failed}
      </p>
      <CannedReplyForm
        editing={editor.editing}
        form={{ ...editor.form, busy: editor.saving }}
        fields={editor.fields}
        titleRef={titleRef}
        onTitle={editor.setTitle}
        onBody={editor.setBody}
        onSave={editor.save}
        onCancel={() => editor.startEdit(null)}
      />
    </section>
  );
}
