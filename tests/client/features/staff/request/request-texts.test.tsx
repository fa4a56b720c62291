// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { historyItems } from '../../../../../client/features/staff/request/request-parts';
import { RequestTexts } from '../../../../../client/features/staff/request/request-texts';
import type { RequestTextsView } from '../../../../../client/features/staff/request/use-request';
import type { MessageRow } from '../../../../../shared/messaging/staff-messages';
import { expectNoAxeViolations } from '../../agent/parts-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => cleanup());

const message = (overrides: Partial<MessageRow>): MessageRow => ({
  id: 1,
  createdAt: '2026-11-20T08:58:00.000Z',
  recipient: '+2348031234567',
  channel: 'sms',
  template: 'request_received',
  status: 'delivered',
  attempts: 1,
  segments: 1,
  encoding: 'GSM-7',
  provider: 'sink',
  requestId: 3,
  requestReference: 'APT-3',
  lastError: null,
  replacedBy: null,
  sentAt: '2026-11-20T08:59:00.000Z',
  statusAt: '2026-11-20T09:02:00.000Z',
  nextAttemptAt: null,
  ...overrides,
});

const texts: RequestTextsView = {
  phoneE164: '+2348031234567',
  messages: [
    message({}),
    message({ id: 2, template: 'request_confirmed', channel: 'whatsapp', status: 'queued', sentAt: null }),
  ],
  consent: {
    sms: { granted: true, at: '2026-11-20T08:58:00.000Z', source: 'appointment form' },
    whatsapp: { granted: false, at: '2026-11-21T10:00:00.000Z', source: 'inbound whatsapp' },
  },
  consentHistory: [
    { id: 1, channel: 'sms', granted: true, at: '2026-11-20T08:58:00.000Z', source: 'appointment form' },
    { id: 2, channel: 'whatsapp', granted: false, at: '2026-11-21T10:00:00.000Z', source: 'inbound whatsapp' },
  ],
};

describe("'Texts to the patient' on a request's page", () => {
  it("lists each text's state and the number's consent per channel, with a link to every text to it", async () => {
    const { container } = render(<RequestTexts texts={texts} busy={false} onStop={vi.fn()} />);
    const section = screen.getByRole('region', { name: 'Texts to the patient' });
    const lines = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'Request received: SMS delivered Fri 20 Nov 2026, 10:02',
      'Confirmed: WhatsApp queued',
      'SMS: on since Fri 20 Nov 2026, 09:58, on the appointment formStop texts to this number by SMS',
      'WhatsApp: stopped by reply STOP on Sat 21 Nov 2026, 11:00',
    ]);
    expect(within(section).getByRole('link', { name: 'Every text to this number' }).getAttribute('href')).toBe(
      '/staff/messages?recipient=2348031234567',
    );
    await expectNoAxeViolations(container);
  });

  it("asks before stopping a channel's texts, and stops only that channel", () => {
    const onStop = vi.fn();
    render(<RequestTexts texts={texts} busy={false} onStop={onStop} />);
    // Only the channel that is on has the button.
    expect(screen.getAllByRole('button', { name: /Stop texts to this number/ })).toHaveLength(1);
    fireEvent.click(
      // jsdom leaves out the space before the hidden part of the name; browsers keep it.
      screen.getByRole('button', { name: /^Stop texts to this number\s*by SMS$/ }),
    );
    expect(onStop).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, stop SMS' }));
    expect(onStop).toHaveBeenCalledWith('sms');
  });

  it('says when there is no number to text', () => {
    render(
      <RequestTexts
        texts={{ phoneE164: null, messages: [], consent: null, consentHistory: [] }}
        busy={false}
        onStop={vi.fn()}
      />,
    );
    expect(screen.getByText('No phone number: nothing can be texted for this request.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe("the request's history with its texts", () => {
  it('puts request events, text moments and consent changes in one time order', () => {
    const events = [
      {
        id: 10,
        kind: 'created',
        actorKind: 'patient',
        actorName: null,
        fromStatus: null,
        toStatus: null,
        ownerName: null,
        body: null,
        createdAt: '2026-11-20T08:57:59.000Z',
      },
      {
        id: 11,
        kind: 'status',
        actorKind: 'staff',
        actorName: 'Ada Obi',
        fromStatus: 'new',
        toStatus: 'in_progress',
        ownerName: null,
        body: null,
        createdAt: '2026-11-20T09:00:00.000Z',
      },
    ] as Parameters<typeof historyItems>[0];
    expect(historyItems(events, texts).map((item) => `${item.who}: ${item.text}`)).toEqual([
      'Patient: Request received.',
      'Texts: SMS texts agreed to on the appointment form.',
      "Texts: SMS 'Request received' queued.",
      "Texts: WhatsApp 'Confirmed' queued.",
      "Texts: SMS 'Request received' sent.",
      'Ada Obi: Status New → In progress.',
      "Texts: SMS 'Request received' delivered.",
      'Texts: WhatsApp texts stopped by reply STOP.',
    ]);
  });
});
