import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createClientAddress } from '../../../server/chat/client-ip';
import { originAllowed } from '../../../server/http/origin-check';
import { connected, refused, startChatHarness } from '../../helpers/socket-harness';

const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, headers, connection: { remoteAddress } }) as unknown as http.IncomingMessage;

describe('the chat handshake’s client address (Express’s trust-proxy rules via proxy-addr)', () => {
  it('ignores X-Forwarded-For without trusted proxies and follows the trusted hops with them', () => {
    const forwarded = request('10.0.0.2', {
      'x-forwarded-for': '198.51.100.9, 203.0.113.7',
      'x-forwarded-proto': 'https',
    });
    expect(createClientAddress(0).ip(forwarded)).toBe('10.0.0.2');
    expect(createClientAddress(0).protocol(forwarded)).toBe('http');
    expect(createClientAddress(1).ip(forwarded)).toBe('203.0.113.7');
    expect(createClientAddress(1).protocol(forwarded)).toBe('https');
    expect(createClientAddress(2).ip(forwarded)).toBe('198.51.100.9');
    // More hops trusted than there are: the farthest address given.
    expect(createClientAddress(5).ip(forwarded)).toBe('198.51.100.9');
  });

  it('counts connections per forwarded client behind one proxy (TRUST_PROXY=1)', async () => {
    const h = await startChatHarness({ env: { TRUST_PROXY: '1', CHAT_MAX_CONNECTIONS_PER_IP: '1' } });
    try {
      const withIp = (ip: string) =>
        h.visitor({ cookie: h.newVisitorCookie(), reconnection: false, headers: { 'x-forwarded-for': ip } });
      await connected(withIp('203.0.113.7'));
      await connected(withIp('203.0.113.8'));
      expect((await refused(withIp('203.0.113.7'))).data?.code).toBe('TOO_MANY_CONNECTIONS');
    } finally {
      await h.close();
    }
  });
});

describe('originAllowed: the one same-site rule of HTTP requests and the chat handshake', () => {
  const base = { secFetchSite: undefined, protocol: 'http', host: 'localhost:3000', configuredOrigin: null };
  it('allows this server’s own origin and the configured public origin, and refuses others', () => {
    expect(originAllowed({ ...base, origin: 'http://localhost:3000' })).toBe(true);
    expect(originAllowed({ ...base, origin: 'https://localhost:3000' })).toBe(false);
    expect(originAllowed({ ...base, origin: 'https://evil.example' })).toBe(false);
    expect(originAllowed({ ...base, origin: 'https://ilera.example', configuredOrigin: 'https://ilera.example' })).toBe(
      true,
    );
    expect(originAllowed({ ...base, origin: 'null' })).toBe(false);
  });

  it('without an Origin, refuses only what the browser marks cross-site', () => {
    expect(originAllowed({ ...base, origin: undefined })).toBe(true);
    expect(originAllowed({ ...base, origin: undefined, secFetchSite: 'same-origin' })).toBe(true);
    expect(originAllowed({ ...base, origin: undefined, secFetchSite: 'cross-site' })).toBe(false);
  });
});
