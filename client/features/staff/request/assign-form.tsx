/** Assign a request to a colleague, or to no one (issue #13), on the form kit. */
import { AppForm } from '../../../components/form/app-form';
import { formValue } from '../../../components/form/form-value';
import { useMutationForm } from '../../../components/form/use-mutation-form';

type Member = { id: number; fullName: string };

export function AssignForm({
  ownerId,
  members,
  busy,
  onAssign,
}: {
  ownerId: number | null;
  members: Member[];
  busy: boolean;
  /** The mutation's promise: its field errors show in the form. */
  onAssign: (ownerId: number | null) => Promise<unknown>;
}) {
  const form = useMutationForm('Could not assign the request.');
  const onSubmit = form.submit(async (_nothing, element) => {
    const value = formValue(element, 'ownerId');
    await form.send(onAssign(value ? Number(value) : null));
  });
  return (
    <AppForm form={form} onSubmit={onSubmit} className="app-staff__inline-form">
      <div className="app-field">
        <label className="app-field__label" htmlFor="assign-owner">
          Assign to
        </label>
        <select
          id="assign-owner"
          name="ownerId"
          className="app-field__control"
          defaultValue={ownerId ?? ''}
          key={`${ownerId ?? 'none'}-${members.length}`}
        >
          <option value="">Unassigned</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.fullName}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="app-button app-button--secondary" disabled={busy}>
        Assign
      </button>
    </AppForm>
  );
}
