/** Assign a request to a colleague, or to no one (issue #13). */
import { formValue } from '../../../components/form/form-value';

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
  onAssign: (ownerId: number | null) => void;
}) {
  return (
    <form
      className="app-staff__inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        const value = formValue(event.currentTarget, 'ownerId');
        onAssign(value ? Number(value) : null);
      }}
    >
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
    </form>
  );
}
