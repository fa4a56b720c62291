import { describe, expect, it } from 'vitest';
import {
  isFiltered,
  messageFilterFromQuery,
  messageFilterToQuery,
} from '../../../../../client/features/staff/messages/message-filter';

describe("the Messages page's filter in the URL", () => {
  it('reads what it writes', () => {
    const filter = {
      channel: 'whatsapp',
      status: 'delivered',
      template: 'staff_message',
      recipient: '0803 123',
      requestId: 42,
    } as const;
    const query = messageFilterToQuery(filter);
    expect(query).toBe('?channel=whatsapp&status=delivered&template=staff_message&recipient=0803+123&request=42');
    expect(messageFilterFromQuery(query)).toEqual(filter);
  });

  it('drops values the server would refuse, and empty ones', () => {
    expect(messageFilterFromQuery('?channel=pigeon&status=lost&template=promo&recipient=%20%20&request=0&x=1')).toEqual(
      {},
    );
    expect(messageFilterFromQuery('?request=12abc')).toEqual({});
    expect(messageFilterToQuery({})).toBe('');
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ recipient: '  ' })).toBe(false);
    expect(isFiltered({ channel: 'sms' })).toBe(true);
  });
});
