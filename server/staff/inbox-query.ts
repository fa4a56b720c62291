/**
 * The staff inbox's filter as the data layer searches it (issue #23.4): a search term that is a whole phone number,
 * however written (0803 123 4567, 0803-123-4567, 2348031234567, +234 803 123 4567), also matches by its E.164 form.
 * The inbox and its CSV export both go through here, so they find the same requests.
 */
import { phoneE164 } from '../../shared/phone';
import type { InboxFilter } from '../../shared/requests';
import type { InboxQuery } from '../data/requests';

export const inboxQuery = (filter: InboxFilter): InboxQuery => ({
  ...filter,
  searchPhoneE164: phoneE164(filter.search?.trim()),
});
