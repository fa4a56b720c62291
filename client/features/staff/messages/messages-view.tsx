/**
 * The Messages page (issue #27.2): every SMS and WhatsApp message to patients, newest first, filtered at once and
 * paged by keyset ('Load more'). With the sink driver alone it says so: these are what would be sent.
 */
import { Link } from 'wouter';
import {
  templateLabel,
  textChannelLabels,
  textStatusLabels,
  type MessageFilter,
  type MessageRow,
} from '../../../../shared/messaging/staff-messages';
import { paths } from '../../../app/paths';
import { StaffTitle } from '../staff-context';
import { StaffTable } from '../table-region';
import { isFiltered } from './message-filter';
import { MessageFilters } from './message-filters';
import { lagosWeekdayTime, replacementText, sizeText } from './message-text';
import { useMessages } from './use-messages';

const providerNames: Record<string, string> = {
  sink: 'Sink',
  termii: 'Termii',
  africastalking: "Africa's Talking",
  whatsapp: 'WhatsApp Cloud API',
};
const providerName = (provider: string) => providerNames[provider] ?? provider;

export function MessagesView() {
  const { filter, setFilter, list, rows, drivers } = useMessages();
  return (
    <>
      <StaffTitle title="Messages" />
      <h1>Messages</h1>
      <MessagesIntro drivers={drivers} />
      <MessageFilters filter={filter} onChange={setFilter} />
      {filter.requestId ? (
        <p>
          Texts of one request only. <Link href={paths.staffMessages()}>Show every text</Link>
        </p>
      ) : null}
      {list.isPending ? (
        <p role="status">Loading messages…</p>
      ) : list.isError ? (
        <p role="alert">Could not load the messages: {list.error.message}</p>
      ) : rows.length === 0 ? (
        <EmptyMessages filter={filter} />
      ) : (
        <MessagesTable rows={rows} />
      )}
      {list.hasNextPage ? (
        <p>
          <button
            type="button"
            className="app-button app-button--secondary"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </p>
      ) : null}
    </>
  );
}

/** The channel each real driver carries; a channel none carries goes to the sink (README, MESSAGING_DRIVER). */
const driverChannels: Record<string, 'SMS' | 'WhatsApp'> = {
  termii: 'SMS',
  africastalking: 'SMS',
  whatsapp: 'WhatsApp',
};

function MessagesIntro({ drivers }: { drivers: string[] | null }) {
  const lead = 'Every SMS and WhatsApp message to patients, newest first.';
  if (!drivers) return <p>{lead}</p>;
  const providers = drivers.filter((driver) => driver in driverChannels);
  if (!providers.length)
    return <p>{lead} The sink driver is on: these are the texts that would be sent, and none left the server.</p>;
  const carried = new Set(providers.map((driver) => driverChannels[driver]));
  const sunk = (['SMS', 'WhatsApp'] as const).filter((channel) => !carried.has(channel));
  return (
    <p>
      {lead} Sent through {providers.map(providerName).join(' and ')}.
      {sunk.length ? ` ${sunk.join(' and ')} texts go to the sink: stored here, sent nowhere.` : null}
    </p>
  );
}

function EmptyMessages({ filter }: { filter: MessageFilter }) {
  return isFiltered(filter) ? (
    <p>No texts match this filter.</p>
  ) : (
    <p>
      No texts yet. A text is queued when a patient who agreed to texts sends a request, has it confirmed or cancelled,
      or gets a message from staff.
    </p>
  );
}

function MessagesTable({ rows }: { rows: MessageRow[] }) {
  return (
    <StaffTable
      label="Messages"
      caption="Texts to patients, newest first"
      columns={[
        'Time (Lagos)',
        'To',
        'Channel',
        'Template',
        'Status',
        'Size',
        'Provider',
        'Request',
        'Error or replaced by',
      ]}
    >
      {rows.map((row) => (
        <tr key={row.id}>
          <td>
            <time dateTime={row.createdAt}>{lagosWeekdayTime(row.createdAt)}</time>
          </td>
          <td>
            <a href={`tel:${row.recipient}`}>{row.recipient}</a>
          </td>
          <td>{textChannelLabels[row.channel]}</td>
          <td>{templateLabel(row.template)}</td>
          <td>
            <span className={`app-staff__status app-staff__status--text-${row.status}`}>
              {textStatusLabels[row.status]}
            </span>
          </td>
          <td>{sizeText(row)}</td>
          <td>{row.provider ? providerName(row.provider) : '—'}</td>
          <td>
            {row.requestId !== null && row.requestReference ? (
              <Link href={paths.staffRequest(row.requestId)}>{row.requestReference}</Link>
            ) : (
              '—'
            )}
          </td>
          <td>
            <ProblemCell row={row} />
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}

function ProblemCell({ row }: { row: MessageRow }) {
  if (!row.lastError && !row.replacedBy) return <>—</>;
  return (
    <>
      {row.lastError ? <span className="app-staff__detail">{row.lastError}</span> : null}
      {row.lastError && row.replacedBy ? <br /> : null}
      {row.replacedBy ? <>Replaced by {replacementText(row.replacedBy)}</> : null}
    </>
  );
}
