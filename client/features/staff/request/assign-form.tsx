/** Assign a request to a colleague, or to no one (issue #13), on the form kit. */
import { AppForm } from '../../../components/form/app-form';
import { formValue } from '../../../components/form/form-value';
import { useMutationForm } from '../../../components/form/use-mutation-form';
import { ChoiceSelect } from '../../../components/form/choice-select';

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
      <ChoiceSelect
        id="assign-owner"
        name="ownerId"
        label="Assign to"
        emptyLabel="Unassigned"
        options={members.map((member) => [member.id, member.fullName] as const)}
        defaultValue={ownerId ?? ''}
        key={`${ownerId ?? 'none'}-${members.length}`}
      />
      <button type="submit" className="app-button app-button--secondary" disabled={busy}>
        Assign
      </button>
    </AppForm>
  );
}
