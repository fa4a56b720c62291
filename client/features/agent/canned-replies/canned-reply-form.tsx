/** The form that adds a canned reply or saves the one being edited (admins), on the form kit. */
import { useId, type FormEventHandler, type Ref } from 'react';
import type { CannedReply } from '../../../../shared/chat-events';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../../shared/constants';
import { AppForm } from '../../../components/form/app-form';
import { Field } from '../../../components/form/field';
import { TextArea } from '../../../components/form/text-area';
import type { useAppForm } from '../../../components/form/use-app-form';

export function CannedReplyForm({
  editing,
  form,
  fields,
  titleRef,
  onTitle,
  onBody,
  onSave,
  onCancel,
}: {
  editing: CannedReply | null;
  form: ReturnType<typeof useAppForm> & { busy: boolean };
  fields: { titleId: string; bodyId: string; title: string; body: string };
  titleRef: Ref<HTMLInputElement>;
  onTitle: (title: string) => void;
  onBody: (body: string) => void;
  onSave: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
}) {
  const formHeadingId = useId();
  const { titleId, bodyId, title, body } = fields;
  return (
    <AppForm
      form={form}
      onSubmit={onSave}
      labelledBy={formHeadingId}
      className="app-agent__form"
      lead={
        <h3 id={formHeadingId} className="app-agent__subheading">
          {editing ? `Edit “${editing.title}”` : 'Add a canned reply'}
        </h3>
      }
    >
      <Field
        ref={titleRef}
        id={titleId}
        name="title"
        label="Title"
        maxLength={60}
        value={title}
        error={form.fieldErrors.title}
        onChange={(event) => onTitle(event.target.value)}
      />
      <TextArea
        id={bodyId}
        name="body"
        label="Reply"
        rows={3}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        value={body}
        error={form.fieldErrors.body}
        onChange={(event) => onBody(event.target.value)}
      />
      <div className="app-agent__action-row">
        <button type="submit" className="app-button app-button--primary">
          {form.busy ? 'Saving…' : 'Save'}
        </button>
        {editing ? (
          <button type="button" className="app-button app-button--ghost" onClick={onCancel}>
            Cancel editing
          </button>
        ) : null}
      </div>
    </AppForm>
  );
}
