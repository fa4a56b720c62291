// @vitest-environment jsdom
/**
 * Issue #24.3: the staff app's poll of the New count is a background request (the server does not extend the session
 * for it), while what a person asks for is not.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNewRequestCount } from '../../../../client/features/staff/use-new-request-count';
import { trpc } from '../../../../client/lib/trpc';
import { TrpcProvider } from '../../../../client/lib/trpc-provider';
import { procedurePath, trpcData } from '../../trpc-fetch-stub';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubFetchAnswering(data: Record<string, unknown>) {
  const seen: { path: string; background: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string | URL, init?: RequestInit) => {
      const path = procedurePath(url);
      seen.push({ path, background: new Headers(init?.headers).get('x-background') });
      return Promise.resolve(trpcData(data[path]));
    }),
  );
  return seen;
}

function NewCount() {
  const count = useNewRequestCount();
  return <p>{count.data === undefined ? 'Loading' : `New: ${count.data}`}</p>;
}

function Me() {
  const me = trpc.staff.me.useQuery();
  return <p>{me.data ? `Me: ${me.data.fullName}` : 'Loading me'}</p>;
}

describe('the New count poll', () => {
  it('is sent as a background request; a query a person opens is not', async () => {
    const seen = stubFetchAnswering({ 'staff.newCount': 3, 'staff.me': { id: 1, fullName: 'Bisi', role: 'agent' } });
    render(
      <TrpcProvider>
        <NewCount />
        <Me />
      </TrpcProvider>,
    );
    await screen.findByText('New: 3');
    await screen.findByText('Me: Bisi');
    expect(seen).toEqual(
      expect.arrayContaining([
        { path: 'staff.newCount', background: '1' },
        { path: 'staff.me', background: null },
      ]),
    );
  });
});
