/** The form that adds a canned reply or saves the one being edited (admins). */
import { useId, type FormEvent, type Ref } from 'react';
import type { CannedReply } from '../../../shared/chat-events';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import type { CannedErrors } from './use-canned-replies-editor';

export function CannedReplyForm({
  editing,
  fields,
  titleRef,
  onTitle,
  onBody,
  onSave,
  onCancel,
}: {
  editing: CannedReply | null;
  fields: { titleId: string; bodyId: string; title: string; body: string; errors: CannedErrors; saving: boolean };
  titleRef: Ref<HTMLInputElement>;
  onTitle: (title: string) => void;
  onBody: (body: string) => void;
  onSave: (event: FormEvent) => void;
  onCancel: () => void;
}) {
  const formHeadingId = useId();
  const { titleId, bodyId, title, body, errors, saving } = fields;
  return (
    <form className="app-agent__form" aria-labelledby={formHeadingId} noValidate onSubmit={onSave}>
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
          onChange={(event) => onTitle(event.target.value)}
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
          onChange={(event) => onBody(event.target.value)}
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
          <button type="button" className="app-button app-button--ghost" onClick={onCancel}>
            Cancel editing
          </button>
        ) : null}
      </div>
    </form>
  );
}
