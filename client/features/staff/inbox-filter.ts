/**
 * The inbox filter as the page keeps it: in the URL query (so reload, back and a shared link keep it), the same
 * names the CSV export reads. Pure functions, tested in tests/client/features/staff.
 */
import {
  REQUEST_STATUSES,
  REQUEST_TYPES,
  type InboxFilter,
  type InboxRow,
  type RequestStatus,
  type RequestType,
} from '../../../shared/requests';

const isType = (value: string | null): value is RequestType => REQUEST_TYPES.includes(value as RequestType);
const isStatus = (value: string | null): value is RequestStatus => REQUEST_STATUSES.includes(value as RequestStatus);
const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

export function filterFromQuery(query: string): InboxFilter {
  const params = new URLSearchParams(query);
  const filter: InboxFilter = {};
  const type = params.get('type');
  const status = params.get('status');
  const owner = params.get('owner');
  const from = params.get('from');
  const to = params.get('to');
  const search = params.get('search')?.trim();
  if (isType(type)) filter.type = type;
  if (isStatus(status)) filter.status = status;
  if (owner === 'me' || owner === 'none') filter.owner = owner;
  else if (owner && /^[1-9]\d*$/.test(owner)) filter.owner = Number(owner);
  if (isDate(from)) filter.from = from;
  if (isDate(to)) filter.to = to;
  if (search) filter.search = search.slice(0, 100);
  return filter;
}

export function filterToQuery(filter: InboxFilter): string {
  const params = new URLSearchParams();
  for (const key of ['type', 'status', 'owner', 'from', 'to', 'search'] as const) {
    const value = filter[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * Whether a row that arrived live belongs in the list as filtered. Search and dates are the server's to judge
 * (trigram search, Lagos days): for those the page offers to reload instead.
 */
export function liveMatch(filter: InboxFilter, row: InboxRow, meId: number | null): 'yes' | 'no' | 'ask-server' {
  if (filter.search || filter.from || filter.to) return 'ask-server';
  if (filter.type && row.type !== filter.type) return 'no';
  if (filter.status && row.status !== filter.status) return 'no';
  if (filter.owner === 'me' && row.ownerId !== meId) return 'no';
  if (filter.owner === 'none' && row.ownerId !== null) return 'no';
  if (typeof filter.owner === 'number' && row.ownerId !== filter.owner) return 'no';
  return 'yes';
}

/** How long ago, short: 'just now', '5 min', '3 h', '2 d'. */
export function formatAge(createdAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

const lagosDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant in Lagos time for staff: '25 Nov 2026, 08:30'. */
export const formatLagosInstant = (iso: string) => lagosDateTime.format(new Date(iso));

/** Rows merged for display: live arrivals first, then the pages, each id once, live changes applied. */
export function mergeRows(arrived: InboxRow[], pages: InboxRow[], changed: Map<number, InboxRow>): InboxRow[] {
  const seen = new Set<number>();
  const rows: InboxRow[] = [];
  for (const row of [...arrived, ...pages]) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    rows.push(changed.get(row.id) ?? row);
  }
  return rows;
}
