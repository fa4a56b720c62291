/** The inbox's filter form (issue #13): search, type, status, owner and the received dates; applied through the URL. */
import {
  REQUEST_STATUSES,
  REQUEST_TYPES,
  requestStatusLabels,
  requestTypeLabels,
  type InboxFilter,
} from '../../../../shared/requests';
import { AppForm } from '../../../components/form/app-form';
import { ChoiceSelect } from '../../../components/form/choice-select';
import { FieldWrapper } from '../../../components/form/field-wrapper';
import { formValue } from '../../../components/form/form-value';
import { useAppForm } from '../../../components/form/use-app-form';
import { filterFromQuery } from '../inbox-filter';

type Member = { id: number; fullName: string };

const FILTER_NAMES = ['type', 'status', 'owner', 'from', 'to', 'search'] as const;

export function InboxFilters({
  filter,
  members,
  onApply,
  onClear,
}: {
  filter: InboxFilter;
  members: Member[];
  onApply: (filter: InboxFilter) => void;
  onClear: () => void;
}) {
  // A filter has no errors: the kit brings the frame and the search landmark, and `onLoadFailed` never runs.
  const form = useAppForm({ onLoadFailed: () => undefined });
  const onSubmit = form.submit((_nothing, element) => {
    const query = new URLSearchParams(FILTER_NAMES.map((name) => [name, formValue(element, name)]));
    onApply(filterFromQuery(query.toString()));
    return Promise.resolve();
  });
  return (
    <AppForm form={form} onSubmit={onSubmit} role="search" label="Filter requests" className="app-staff__filters">
      <FilterInput
        id="inbox-search"
        name="search"
        label="Search"
        type="search"
        value={filter.search}
        hint="Reference, name, email or phone"
        className="app-staff__search"
      />
      <InboxSelects filter={filter} members={members} />
      <FilterInput id="inbox-from" name="from" label="Received from" type="date" value={filter.from} />
      <FilterInput id="inbox-to" name="to" label="Received to" type="date" value={filter.to} />
      <div className="app-staff__filter-actions">
        <button type="submit" className="app-button app-button--primary">
          Apply
        </button>
        <button type="button" className="app-button app-button--ghost" onClick={onClear}>
          Clear
        </button>
      </div>
    </AppForm>
  );
}

/** Type, status and owner: each "Any" or one choice. */
function InboxSelects({ filter, members }: { filter: InboxFilter; members: Member[] }) {
  const selects = [
    {
      name: 'type',
      label: 'Type',
      value: filter.type,
      options: REQUEST_TYPES.map((type) => [type, requestTypeLabels[type]] as const),
    },
    {
      name: 'status',
      label: 'Status',
      value: filter.status,
      options: REQUEST_STATUSES.map((status) => [status, requestStatusLabels[status]] as const),
    },
    {
      name: 'owner',
      label: 'Owner',
      value: filter.owner === undefined ? undefined : String(filter.owner),
      options: [
        ['me', 'Me'] as const,
        ['none', 'Unassigned'] as const,
        ...members.map((member) => [String(member.id), member.fullName] as const),
      ],
    },
  ];
  return (
    <>
      {selects.map(({ name, label, value, options }) => (
        <ChoiceSelect
          key={name}
          id={`inbox-${name}`}
          name={name}
          label={label}
          emptyLabel="Any"
          options={options}
          defaultValue={value ?? ''}
        />
      ))}
    </>
  );
}

/** A filter's text or date box; its hint is tied to it by the kit. Never required: an empty box filters nothing. */
function FilterInput({
  id,
  name,
  label,
  type,
  value,
  hint,
  className,
}: {
  id: string;
  name: string;
  label: string;
  type: 'search' | 'date';
  value: string | undefined;
  hint?: string;
  className?: string;
}) {
  return (
    <FieldWrapper id={id} label={label} hint={hint} className={className}>
      {(describedBy) => (
        <input
          id={id}
          name={name}
          type={type}
          className="app-field__control"
          defaultValue={value ?? ''}
          maxLength={type === 'search' ? 100 : undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldWrapper>
  );
}
