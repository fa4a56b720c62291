// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TemplateForm, WhatsAppWindowNote } from '../../../../../client/features/agent/conversation/whatsapp-composer';
import {
  WHATSAPP_DESK_TEMPLATES,
  formatWindowLeft,
  whatsAppDeskTexts,
  whatsAppWindowLeft,
} from '../../../../../shared/messaging/whatsapp-desk';
import { expectNoAxeViolations, settle } from '../parts-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => cleanup());

describe('the WhatsApp window in the console (issue #30)', () => {
  it('counts the 24 hours from the patient’s last message, in hours and minutes', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(whatsAppWindowLeft('2026-11-27T11:00:00Z', now)).toBe(23 * 3600_000);
    expect(whatsAppWindowLeft('2026-11-26T11:59:00Z', now)).toBe(0);
    expect(whatsAppWindowLeft(null, now)).toBe(0);
    expect(formatWindowLeft((3 * 60 + 12) * 60_000 + 59_000)).toBe('3 h 12 min left');
    expect(formatWindowLeft(45 * 60_000)).toBe('45 min left');
    expect(formatWindowLeft(30_000)).toBe('less than a minute left');
  });

  it('shows the time left while open, and says why only templates go once closed', async () => {
    render(<WhatsAppWindowNote left={(3 * 60 + 12) * 60_000} />);
    expect(screen.getByText('WhatsApp window: 3 h 12 min left')).toBeTruthy();
    cleanup();
    render(<WhatsAppWindowNote left={0} />);
    expect(screen.getByRole('status').textContent).toBe(whatsAppDeskTexts.windowClosed);
    await expectNoAxeViolations(document.body);
  });

  it('offers the approved templates, shows the words the patient reads, and sends the one chosen', async () => {
    const onTemplate = vi.fn(() => Promise.resolve(true));
    render(<TemplateForm joined onTemplate={onTemplate} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: whatsAppDeskTexts.templateLabel });
    expect([...select.options].map((option) => option.value)).toEqual(WHATSAPP_DESK_TEMPLATES.map((t) => t.name));
    fireEvent.change(select, { target: { value: 'desk_checking_in' } });
    expect(screen.getByText(`The patient reads: ${WHATSAPP_DESK_TEMPLATES[1].text}`)).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: whatsAppDeskTexts.sendTemplate })));
    expect(onTemplate).toHaveBeenCalledWith('desk_checking_in');
    await expectNoAxeViolations(document.body);
  });

  it('asks the agent to join before a template can go', () => {
    render(<TemplateForm joined={false} onTemplate={vi.fn()} />);
    expect(screen.getByRole<HTMLSelectElement>('combobox').disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: whatsAppDeskTexts.sendTemplate }).disabled).toBe(true);
    expect(screen.getByText('Join the conversation to send a template.')).toBeTruthy();
  });
});
