// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessagesView } from '../../../../../client/features/staff/messages/messages-view';
import { StaffContext } from '../../../../../client/features/staff/staff-context';
import { TrpcProvider } from '../../../../../client/lib/trpc-provider';
import type { MessageRow } from '../../../../../shared/messaging/staff-messages';
import { procedurePath, trpcData } from '../../../trpc-fetch-stub';
import { expectNoAxeViolations } from '../../agent/parts-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => window.history.replaceState(null, '', '/staff/messages'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const failedText: MessageRow = {
  id: 31,
  createdAt: '2026-11-27T09:02:00.000Z',
  recipient: '+2348031234567',
  channel: 'whatsapp',
  template: 'request_confirmed',
  status: 'failed',
  attempts: 1,
  segments: 2,
  encoding: 'GSM-7',
  provider: 'whatsapp',
  requestId: 4,
  requestReference: 'APT-4ABCD',
  lastError: '131026 undeliverable',
  replacedBy: 'sms #32',
  sentAt: '2026-11-27T09:02:01.000Z',
  statusAt: '2026-11-27T09:03:00.000Z',
  nextAttemptAt: null,
};

/** Answers each procedure with `answers[path]`, and keeps the inputs the list was asked with. */
function stubServer(answers: Record<string, unknown>) {
  const listInputs: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string | URL) => {
      const path = procedurePath(url);
      if (path === 'staff.messages.list') {
        const input = new URL(String(url), 'http://localhost').searchParams.get('input');
        listInputs.push(input ? JSON.parse(input) : null);
      }
      return Promise.resolve(trpcData(answers[path]));
    }),
  );
  return listInputs;
}

const staff = {
  me: { id: 1, fullName: 'Ada Obi', role: 'agent' as const },
  newCount: 0,
  chatAlerts: 0,
  liveStatus: 'live' as const,
  listen: () => () => undefined,
};

const renderPage = () =>
  render(
    <TrpcProvider>
      <StaffContext.Provider value={staff}>
        <MessagesView />
      </StaffContext.Provider>
    </TrpcProvider>,
  );

describe('the Messages page', () => {
  it('says nothing left the server with the sink, and that none have been queued yet', async () => {
    stubServer({ 'staff.messages.driver': ['sink'], 'staff.messages.list': { rows: [], nextCursor: null } });
    const { container } = renderPage();
    await screen.findByText(
      /The sink driver is on: these are the texts that would be sent, and none left the server\./,
    );
    await screen.findByText(/^No texts yet\./);
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('draws a row with its Lagos time, number, size, provider, request and what replaced it', async () => {
    stubServer({
      'staff.messages.driver': ['termii', 'whatsapp'],
      'staff.messages.list': { rows: [failedText], nextCursor: null },
    });
    const { container } = renderPage();
    await screen.findByText(/newest first\. Sent through Termii and WhatsApp Cloud API\.$/);
    const table = await screen.findByRole('table', { name: 'Texts to patients, newest first' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'Fri 27 Nov 2026, 10:02',
      '+2348031234567',
      'WhatsApp',
      'Confirmed',
      'Failed',
      '2 × GSM-7',
      'WhatsApp Cloud API',
      'APT-4ABCD',
      '131026 undeliverableReplaced by SMS #32',
    ]);
    expect(within(table).getByRole('link', { name: '+2348031234567' }).getAttribute('href')).toBe('tel:+2348031234567');
    expect(within(table).getByRole('link', { name: 'APT-4ABCD' }).getAttribute('href')).toBe('/staff/requests/4');
    await expectNoAxeViolations(container);
  });

  it('says which channel still goes to the sink when only one provider is set', async () => {
    stubServer({ 'staff.messages.driver': ['termii'], 'staff.messages.list': { rows: [], nextCursor: null } });
    renderPage();
    await screen.findByText(/Sent through Termii\. WhatsApp texts go to the sink: stored here, sent nowhere\.$/);
  });

  it('asks the server again at once when a filter changes, and keeps it in the URL', async () => {
    const listInputs = stubServer({
      'staff.messages.driver': ['sink'],
      'staff.messages.list': { rows: [failedText], nextCursor: null },
    });
    renderPage();
    await screen.findByRole('table', { name: 'Texts to patients, newest first' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'failed' } });
    expect(window.location.search).toBe('?status=failed');
    // Keyset paging adds its own 'direction': the filter is what matters here.
    await waitFor(() => expect(listInputs.at(-1)).toMatchObject({ status: 'failed' }));
    expect(listInputs.at(-1)).not.toHaveProperty('channel');
    expect(await screen.findByRole('cell', { name: 'Failed' })).toBeTruthy();
  });
});
