/** The inbox's filter form (issue #13): search, type, status, owner and the received dates; applied through the URL. */
import type { FormEvent } from 'react';
import {
  REQUEST_STATUSES,
  REQUEST_TYPES,
  requestStatusLabels,
  requestTypeLabels,
  type InboxFilter,
} from '../../../../shared/requests';
import { formValue } from '../../../components/form/form-value';
import { filterFromQuery } from '../inbox-filter';

type Member = { id: number; fullName: string };

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
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = (name: string) => formValue(form, name);
    onApply(
      filterFromQuery(
        new URLSearchParams({
          type: text('type'),
          status: text('status'),
          owner: text('owner'),
          from: text('from'),
          to: text('to'),
          search: text('search'),
        }).toString(),
      ),
    );
  };
  return (
    <form className="app-staff__filters" onSubmit={onSubmit} role="search" aria-label="Filter requests">
      <div className="app-field app-staff__search">
        <label className="app-field__label" htmlFor="inbox-search">
          Search
        </label>
        <input
          id="inbox-search"
          name="search"
          type="search"
          className="app-field__control"
          defaultValue={filter.search ?? ''}
          maxLength={100}
          aria-describedby="inbox-search-hint"
        />
        <p id="inbox-search-hint" className="app-field__hint">
          Reference, name, email or phone
        </p>
      </div>
      <FilterSelect
        id="inbox-type"
        name="type"
        label="Type"
        value={filter.type}
        options={REQUEST_TYPES.map((type) => [type, requestTypeLabels[type]])}
      />
      <FilterSelect
        id="inbox-status"
        name="status"
        label="Status"
        value={filter.status}
        options={REQUEST_STATUSES.map((status) => [status, requestStatusLabels[status]])}
      />
      <FilterSelect
        id="inbox-owner"
        name="owner"
        label="Owner"
        value={filter.owner === undefined ? undefined : String(filter.owner)}
        options={[
          ['me', 'Me'],
          ['none', 'Unassigned'],
          ...members.map((member): [string, string] => [String(member.id), member.fullName]),
        ]}
      />
      <div className="app-field">
        <label className="app-field__label" htmlFor="inbox-from">
          Received from
        </label>
        <input
          id="inbox-from"
          name="from"
          type="date"
          className="app-field__control"
          defaultValue={filter.from ?? ''}
        />
      </div>
      <div className="app-field">
        <label className="app-field__label" htmlFor="inbox-to">
          Received to
        </label>
        <input id="inbox-to" name="to" type="date" className="app-field__control" defaultValue={filter.to ?? ''} />
      </div>
      <div className="app-staff__filter-actions">
        <button type="submit" className="app-button app-button--primary">
          Apply
        </button>
        <button type="button" className="app-button app-button--ghost" onClick={onClear}>
          Clear
        </button>
      </div>
    </form>
  );
}

function FilterSelect({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  options: [value: string, label: string][];
}) {
  return (
    <div className="app-field">
      <label className="app-field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="app-field__control" defaultValue={value ?? ''}>
        <option value="">Any</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
