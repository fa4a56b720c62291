/**
 * The Messages page's filters (issue #27.2): channel, status, template and the number. Each applies at once, through
 * the URL query; there is no Apply button to forget.
 */
import { useState } from 'react';
import {
  MESSAGE_CHANNELS,
  MESSAGE_STATUSES,
  MESSAGE_TEMPLATE_KEYS,
  messageTemplateLabels,
  textChannelLabels,
  textStatusLabels,
  type MessageFilter,
} from '../../../../shared/messaging/staff-messages';
import { AppForm } from '../../../components/form/app-form';
import { ChoiceSelect } from '../../../components/form/choice-select';
import { FieldWrapper } from '../../../components/form/field-wrapper';
import { useAppForm } from '../../../components/form/use-app-form';
import { isFiltered } from './message-filter';

type SelectName = 'channel' | 'status' | 'template';

const selects: { name: SelectName; label: string; options: (readonly [string, string])[] }[] = [
  { name: 'channel', label: 'Channel', options: MESSAGE_CHANNELS.map((value) => [value, textChannelLabels[value]]) },
  { name: 'status', label: 'Status', options: MESSAGE_STATUSES.map((value) => [value, textStatusLabels[value]]) },
  {
    name: 'template',
    label: 'Template',
    options: MESSAGE_TEMPLATE_KEYS.map((value) => [value, messageTemplateLabels[value]]),
  },
];

export function MessageFilters({
  filter,
  onChange,
}: {
  filter: MessageFilter;
  onChange: (filter: MessageFilter, typing?: boolean) => void;
}) {
  // A filter has no errors: the kit brings the frame and the search landmark, and `onLoadFailed` never runs.
  const form = useAppForm({ onLoadFailed: () => undefined });
  const typed = useTypedNumber(filter.recipient ?? '');
  const onSubmit = form.submit(() => {
    onChange({ ...filter, recipient: typed.value.trim() || undefined });
    return Promise.resolve();
  });
  return (
    <AppForm form={form} onSubmit={onSubmit} role="search" label="Filter messages" className="app-staff__filters">
      <FieldWrapper id="messages-recipient" label="Number" hint="Any part of it, as typed: 0803 123 or +234 803">
        {(describedBy) => (
          <input
            id="messages-recipient"
            name="recipient"
            type="search"
            inputMode="tel"
            className="app-field__control"
            maxLength={20}
            value={typed.value}
            aria-describedby={describedBy}
            onChange={(event) => {
              typed.set(event.target.value);
              onChange({ ...filter, recipient: event.target.value.trim() || undefined }, true);
            }}
          />
        )}
      </FieldWrapper>
      {selects.map(({ name, label, options }) => (
        <ChoiceSelect
          key={name}
          id={`messages-${name}`}
          name={name}
          label={label}
          emptyLabel="Any"
          options={options}
          value={filter[name] ?? ''}
          onChange={(event) => onChange({ ...filter, [name]: event.target.value || undefined })}
        />
      ))}
      {isFiltered(filter) ? (
        <div className="app-staff__filter-actions">
          <button
            type="button"
            className="app-button app-button--ghost"
            onClick={() => {
              typed.set('');
              onChange({});
            }}
          >
            Clear filters
          </button>
        </div>
      ) : null}
    </AppForm>
  );
}

/**
 * The number box keeps what was typed (spaces included, which the URL trims), and takes the URL's value when that
 * changes from elsewhere: Back, a link, 'Clear filters'.
 */
function useTypedNumber(fromUrl: string) {
  const [value, set] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  if (seen !== fromUrl) {
    setSeen(fromUrl);
    if (value.trim() !== fromUrl) set(fromUrl);
  }
  return { value, set };
}
