/**
 * The Messages page's filter as the page keeps it: in the URL query, so reload, back and a shared link keep it.
 * Unknown values are dropped, never sent: the server would refuse them.
 */
import {
  MESSAGE_CHANNELS,
  MESSAGE_STATUSES,
  MESSAGE_TEMPLATE_KEYS,
  type MessageFilter,
} from '../../../../shared/messaging/staff-messages';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

export function messageFilterFromQuery(query: string): MessageFilter {
  const params = new URLSearchParams(query);
  const filter: MessageFilter = {};
  const channel = oneOf(MESSAGE_CHANNELS, params.get('channel'));
  const status = oneOf(MESSAGE_STATUSES, params.get('status'));
  const template = oneOf(MESSAGE_TEMPLATE_KEYS, params.get('template'));
  const recipient = params.get('recipient')?.trim().slice(0, 20);
  const request = params.get('request');
  if (channel) filter.channel = channel;
  if (status) filter.status = status;
  if (template) filter.template = template;
  if (recipient) filter.recipient = recipient;
  if (request && /^[1-9]\d{0,9}$/.test(request)) filter.requestId = Number(request);
  return filter;
}

export function messageFilterToQuery(filter: MessageFilter): string {
  const params = new URLSearchParams();
  if (filter.channel) params.set('channel', filter.channel);
  if (filter.status) params.set('status', filter.status);
  if (filter.template) params.set('template', filter.template);
  if (filter.recipient?.trim()) params.set('recipient', filter.recipient.trim());
  if (filter.requestId) params.set('request', String(filter.requestId));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const isFiltered = (filter: MessageFilter) => messageFilterToQuery(filter) !== '';
