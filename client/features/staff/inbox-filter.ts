/**
 * The inbox filter as the page keeps it: in the URL query (so reload, back and a shared link keep it), the same
 * names the CSV export reads. With no status in the URL the inbox shows open work (issue #29.6). The last inbox
 * listed (its query and the order of its rows) is remembered for the session, so '← Inbox' goes back to it and a
 * request's page can step to the next one. Pure functions but the memory, tested in tests/client/features/staff.
 */
import {
  INBOX_STATUS_VIEWS,
  REQUEST_TYPES,
  type InboxFilter,
  type InboxRow,
  type InboxStatusView,
  type RequestType,
} from '../../../shared/requests';

const isType = (value: string | null): value is RequestType => REQUEST_TYPES.includes(value as RequestType);
const isStatus = (value: string | null): value is InboxStatusView =>
  INBOX_STATUS_VIEWS.includes(value as InboxStatusView);
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
  filter.status = isStatus(status) ? status : 'open';
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
  if (filter.status === 'open' && !isOpenWork(row, Date.now())) return 'no';
  if (filter.status && filter.status !== 'open' && filter.status !== 'all' && row.status !== filter.status) return 'no';
  if (filter.owner === 'me' && row.ownerId !== meId) return 'no';
  if (filter.owner === 'none' && row.ownerId !== null) return 'no';
  if (typeof filter.owner === 'number' && row.ownerId !== filter.owner) return 'no';
  return 'yes';
}

/** Open work (issue #29.6): New, In progress, and Confirmed appointments still ahead (the server's 'open' view). */
export function isOpenWork(row: InboxRow, now: number): boolean {
  if (row.status === 'new' || row.status === 'in_progress') return true;
  return (
    row.status === 'confirmed' &&
    row.type === 'appointment' &&
    row.confirmedFor !== null &&
    Date.parse(`${row.confirmedFor}:00+01:00`) >= now
  );
}

/** The saved views above the inbox's filters: each a whole filter, 'Mine' being open work of one's own. */
export const SAVED_VIEWS: readonly { label: string; filter: InboxFilter }[] = [
  { label: 'Open work', filter: { status: 'open' } },
  { label: 'Mine', filter: { status: 'open', owner: 'me' } },
  { label: 'Unassigned', filter: { status: 'open', owner: 'none' } },
  { label: 'All requests', filter: { status: 'all' } },
];

const INBOX_MEMORY_KEY = 'staff-inbox';
type InboxMemory = { query: string; ids: number[] };

/** Remembers the inbox as last listed: its query and its rows' order. */
export function rememberInbox(query: string, ids: number[]) {
  try {
    sessionStorage.setItem(INBOX_MEMORY_KEY, JSON.stringify({ query, ids } satisfies InboxMemory));
  } catch {
    // Storage full or refused: '← Inbox' then opens the default view.
  }
}

function recalled(): InboxMemory {
  try {
    const value = JSON.parse(sessionStorage.getItem(INBOX_MEMORY_KEY) ?? 'null') as InboxMemory | null;
    if (value && typeof value.query === 'string' && Array.isArray(value.ids)) return value;
  } catch {
    // Unreadable: as if nothing was remembered.
  }
  return { query: '', ids: [] };
}

/** The query of the inbox as last listed ('' or '?status=…'), for '← Inbox'. */
export const lastInboxQuery = () => {
  const { query } = recalled();
  return query && !query.startsWith('?') ? `?${query}` : query;
};

/** The requests before and after this one in the inbox as last listed (j/k and 'Claim and next' on its page). */
export function inboxNeighbours(id: number): { previous: number | null; next: number | null } {
  const { ids } = recalled();
  const at = ids.indexOf(id);
  if (at < 0) return { previous: null, next: ids[0] !== undefined && ids[0] !== id ? ids[0] : null };
  return { previous: ids[at - 1] ?? null, next: ids[at + 1] ?? null };
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
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant in Lagos time for staff, with its weekday (issue #29.6): 'Wed 25 Nov 2026, 08:30'. */
export const formatLagosInstant = (iso: string) => lagosDateTime.format(new Date(iso)).replace(/^(\w+),/, '$1');

const wallClockDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/** A Lagos calendar date or wall-clock time, short, with its weekday: 'Fri 27 Nov' or 'Fri 27 Nov, 10:00'. */
export function formatLagosDay(dateOrWallClock: string): string {
  const [date, time] = dateOrWallClock.split('T');
  const day = wallClockDay.format(new Date(`${date!}T00:00:00Z`)).replace(',', '');
  return time ? `${day}, ${time.slice(0, 5)}` : day;
}

/** Whether a view lists by what is due (the server's order for it; server/data/requests.ts). */
export const sortsByDue = (filter: InboxFilter) =>
  filter.status === 'open' ||
  filter.status === 'new' ||
  filter.status === 'in_progress' ||
  filter.status === 'confirmed';

/** When a row is due: a confirmed appointment at its time, anything else by when it came in (oldest first). */
const dueAt = (row: InboxRow) =>
  row.status === 'confirmed' && row.confirmedFor
    ? Date.parse(`${row.confirmedFor}:00+01:00`)
    : Date.parse(row.createdAt);

/** Rows in the due order, ties by id, as the server lists them: live arrivals and changes take their place. */
export const sortByDue = (rows: InboxRow[]) => [...rows].sort((a, b) => dueAt(a) - dueAt(b) || a.id - b.id);

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
