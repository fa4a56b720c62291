/**
 * The inbox's filter form (issue #13): search, type, status, owner and the received dates, applied through the URL.
 * A choice applies at once (issue #29.6): selects and dates on change, the search as typing pauses or on Enter.
 */
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode, type RefObject } from 'react';
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

const SEARCH_PAUSE_MS = 400;

export function InboxFilters({
  filter,
  members,
  searchRef,
  onApply,
  onClear,
}: {
  filter: InboxFilter;
  members: Member[];
  /** The search box, for the '/' key. */
  searchRef: RefObject<HTMLInputElement | null>;
  onApply: (filter: InboxFilter) => void;
  onClear: () => void;
}) {
  // A filter has no errors: the kit brings the frame and the search landmark, and `onLoadFailed` never runs.
  const form = useAppForm({ onLoadFailed: () => undefined });
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A search still waiting for its pause must not apply after the inbox is left (it would come back to it).
  useEffect(() => () => clearTimeout(pause.current), []);
  // Enter in the search box applies at once; the pause's timer, if any, then applies the same filter again.
  const apply = (element: HTMLFormElement) => {
    const query = new URLSearchParams(FILTER_NAMES.map((name) => [name, formValue(element, name)]));
    onApply(filterFromQuery(query.toString()));
  };
  const onSubmit = form.submit((_nothing, element) => {
    apply(element);
    return Promise.resolve();
  });
  // Change events bubble from every field to this wrapper: the kit's form frame takes no change handler.
  const onFieldChange = (event: ChangeEvent<HTMLDivElement>) => {
    const target = event.target as unknown as HTMLInputElement;
    if (!target.form) return;
    const element = target.form;
    if (target.type !== 'search') return apply(element);
    clearTimeout(pause.current);
    pause.current = setTimeout(() => apply(element), SEARCH_PAUSE_MS);
  };
  return (
    <div onChange={onFieldChange}>
      <AppForm
        form={form}
        onSubmit={onSubmit}
        role="search"
        label="Filter requests"
        className="app-staff__filters app-staff__inbox-filters"
      >
        <FilterInput
          id="inbox-search"
          name="search"
          label="Search"
          type="search"
          value={filter.search}
          hint="Reference, name, email or phone. Filters apply as you choose them."
          className="app-staff__search"
          inputRef={searchRef}
        />
        <MoreFilters count={setFilterCount(filter)}>
          <InboxSelects filter={filter} members={members} />
          <FilterInput id="inbox-from" name="from" label="Received from" type="date" value={filter.from} />
          <FilterInput id="inbox-to" name="to" label="Received to" type="date" value={filter.to} />
        </MoreFilters>
        <div className="app-staff__filter-actions">
          <button type="button" className="app-button app-button--ghost" onClick={onClear}>
            Clear filters
          </button>
        </div>
      </AppForm>
    </div>
  );
}

/** The filters besides the default 'Open work' view and the search, for the summary's count. */
const setFilterCount = (filter: InboxFilter) =>
  [filter.type, filter.owner, filter.from, filter.to, filter.status === 'open' ? undefined : filter.status].filter(
    (value) => value !== undefined && value !== '',
  ).length;

/** Phones start with only the search showing; a wide screen, or a filter in use, starts with all of them. */
const WIDE_SCREEN = '(min-width: 600px)';

function MoreFilters({ count, children }: { count: number; children: ReactNode }) {
  const [open] = useState(() => count > 0 || typeof window === 'undefined' || window.matchMedia(WIDE_SCREEN).matches);
  return (
    <details className="app-staff__more-filters" open={open}>
      <summary>{count ? `More filters (${count} in use)` : 'More filters'}</summary>
      <div className="app-staff__more-filters-grid">{children}</div>
    </details>
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
      options: [
        ['open', 'Open work'] as const,
        ['all', 'Any'] as const,
        ...REQUEST_STATUSES.map((status) => [status, requestStatusLabels[status]] as const),
      ],
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
          emptyLabel={name === 'status' ? undefined : 'Any'}
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
  inputRef,
}: {
  id: string;
  name: string;
  label: string;
  type: 'search' | 'date';
  value: string | undefined;
  hint?: string;
  className?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  return (
    <FieldWrapper id={id} label={label} hint={hint} className={className}>
      {(describedBy) => (
        <input
          ref={inputRef}
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
