// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brand, whatsappLink } from '../../../../shared/brand';
import type { ChatError, ChatRatingInput } from '../../../../shared/chat-events';
import { chatTexts } from '../../../../shared/chat-texts';
import { ChatLauncher, ChatSkipLink, SKIP_TO_CHAT } from '../../../../client/features/chat/chat-launcher';
import { ChatPanel } from '../../../../client/features/chat/chat-panel';
import { initialVisitorChatState, type VisitorChatState } from '../../../../client/features/chat/visitor-chat-view';

const originalMatchMedia = Object.getOwnPropertyDescriptor(window, 'matchMedia');
afterEach(() => {
  cleanup();
  if (originalMatchMedia) Object.defineProperty(window, 'matchMedia', originalMatchMedia);
  else delete (window as Partial<Window>).matchMedia;
});

/** The panel at a phone's width (full-screen, modal) or a desktop's. */
function screenWidth(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phone && query.includes('max-width: 640px'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

const state = (patch: Partial<VisitorChatState> = {}): VisitorChatState => ({
  ...initialVisitorChatState,
  status: 'connected',
  ready: true,
  ...patch,
});

function renderPanel(
  patch: Partial<VisitorChatState> = {},
  handlers: Partial<{
    onClose: () => void;
    onWhatsApp: () => void;
    onRate: (input: ChatRatingInput) => Promise<ChatError | null>;
  }> = {},
) {
  const props = {
    onSend: () => true,
    onTyping: () => undefined,
    onClose: handlers.onClose ?? (() => undefined),
    registerRestore: () => undefined,
    onWhatsApp: handlers.onWhatsApp ?? (() => undefined),
    onRate: handlers.onRate ?? (() => Promise.resolve(null)),
  };
  const view = render(<ChatPanel state={state(patch)} {...props} />);
  return {
    ...view,
    rerenderWith: (next: Partial<VisitorChatState>) => view.rerender(<ChatPanel state={state(next)} {...props} />),
  };
}

describe('the panel on a phone (full-screen) is a modal dialog', () => {
  it('says so, keeps Tab and Shift+Tab inside, and closes with Escape', () => {
    screenWidth(true);
    const onClose = vi.fn();
    renderPanel({ reference: '#12' }, { onClose });
    const dialog = screen.getByRole('dialog', { name: chatTexts.panelTitle });
    expect(dialog.getAttribute('aria-modal')).toBe('true');

    const close = screen.getByRole('button', { name: chatTexts.closeLabel });
    const input = screen.getByRole('textbox', { name: chatTexts.inputLabel });
    // The send button is disabled while the box is empty: the box is the last stop.
    expect(input).toBe(document.activeElement);
    expect(fireEvent.keyDown(input, { key: 'Tab' })).toBe(false);
    expect(document.activeElement).toBe(close);
    expect(fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })).toBe(false);
    expect(document.activeElement).toBe(input);

    // In between, Tab moves as usual.
    const whatsApp = screen.getByRole('link', { name: /Continue on WhatsApp/ });
    whatsApp.focus();
    expect(fireEvent.keyDown(whatsApp, { key: 'Tab' })).toBe(true);

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('is a non-modal dialog beside the page on wider screens; Escape still closes it', () => {
    screenWidth(false);
    const onClose = vi.fn();
    renderPanel({}, { onClose });
    const dialog = screen.getByRole('dialog', { name: chatTexts.panelTitle });
    expect(dialog.hasAttribute('aria-modal')).toBe(false);
    const input = screen.getByRole('textbox', { name: chatTexts.inputLabel });
    expect(fireEvent.keyDown(input, { key: 'Tab' })).toBe(true);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('Continue on WhatsApp', () => {
  it('shows once the conversation has a reference, opens WhatsApp with it in a new tab, and reports the click', () => {
    screenWidth(false);
    const onWhatsApp = vi.fn();
    const { rerenderWith } = renderPanel({}, { onWhatsApp });
    expect(screen.queryByRole('link', { name: /Continue on WhatsApp/ })).toBeNull();

    rerenderWith({ reference: '#123' });
    const link = screen.getByRole('link', { name: /^Continue on WhatsApp/ });
    expect(link.getAttribute('href')).toBe(whatsappLink(chatTexts.whatsAppText('#123')));
    expect(link.getAttribute('href')).toContain(encodeURIComponent('#123'));
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
    expect(link.className).toContain('app-button--secondary');
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(onWhatsApp).toHaveBeenCalledOnce();
  });
});

describe('message bodies', () => {
  it('make numbers and WhatsApp tappable, as text and links only', () => {
    screenWidth(false);
    renderPanel({
      items: [
        {
          kind: 'message',
          key: 'm1',
          id: 1,
          sender: 'bot',
          message: chatTexts.botReply,
          createdAt: '2026-01-05T10:00:00.000Z',
          agentName: null,
          pending: false,
        },
      ],
    });
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).getByRole('paragraph').textContent).toBe(chatTexts.botReply);
    expect(within(log).getByRole('link', { name: brand.phone }).getAttribute('href')).toBe(
      `tel:+${brand.phone.replace(/\D/g, '')}`,
    );
    expect(within(log).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe(
      `https://wa.me/${brand.whatsappNumber}`,
    );
  });
});

describe('How did we do?', () => {
  it('is not shown until asked', () => {
    screenWidth(false);
    renderPanel();
    expect(screen.queryByRole('group', { name: chatTexts.ratingQuestion })).toBeNull();
  });

  it('asks for 1 to 5 and an optional comment, shows a refusal, then thanks', async () => {
    screenWidth(false);
    let answer: (error: ChatError | null) => void = () => undefined;
    const onRate = vi.fn(() => new Promise<ChatError | null>((resolve) => (answer = resolve)));
    const { rerenderWith } = renderPanel({ rating: 'requested' }, { onRate });

    const group = screen.getByRole('group', { name: chatTexts.ratingQuestion });
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log.contains(group)).toBe(true);
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    for (let value = 1; value <= 5; value++) within(group).getByRole('radio', { name: chatTexts.ratingLabel(value) });
    const send = screen.getByRole('button', { name: chatTexts.ratingSend });

    // No rating chosen: said next to the form, nothing sent.
    fireEvent.click(send);
    expect(screen.getByRole('alert').textContent).toBe('Choose a rating from 1 to 5.');
    expect(onRate).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('radio', { name: chatTexts.ratingLabel(4) }));
    fireEvent.change(screen.getByRole('textbox', { name: chatTexts.ratingCommentLabel }), {
      target: { value: '  Quick answer  ' },
    });
    fireEvent.click(send);
    expect(onRate).toHaveBeenCalledWith({ rating: 4, comment: 'Quick answer' });
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      answer({ code: 'RATE_LIMITED', message: 'Please wait a moment.' });
      await Promise.resolve();
    });
    expect(screen.getByRole('alert').textContent).toBe('Please wait a moment.');

    // Stored: the form gives way to the thanks, which takes focus.
    fireEvent.click(send);
    expect(onRate).toHaveBeenLastCalledWith({ rating: 4, comment: 'Quick answer' });
    await act(async () => {
      answer(null);
      await Promise.resolve();
    });
    rerenderWith({ rating: 'sent' });
    const thanks = screen.getByText(chatTexts.ratingThanks);
    expect(screen.getAllByRole('status')).toContain(thanks);
    expect(document.activeElement).toBe(thanks);
    expect(screen.queryByRole('group', { name: chatTexts.ratingQuestion })).toBeNull();
  });

  it('sends no comment when the box is left empty', () => {
    screenWidth(false);
    const onRate = vi.fn(() => Promise.resolve(null));
    renderPanel({ rating: 'requested' }, { onRate });
    fireEvent.click(screen.getByRole('radio', { name: chatTexts.ratingLabel(5) }));
    fireEvent.change(screen.getByRole('textbox', { name: chatTexts.ratingCommentLabel }), {
      target: { value: '   ' },
    });
    fireEvent.click(screen.getByRole('button', { name: chatTexts.ratingSend }));
    expect(onRate).toHaveBeenCalledWith({ rating: 5 });
  });
});

describe('the Chat with us skip link', () => {
  it('moves focus to the chat button and opens nothing', () => {
    render(
      <>
        <ChatSkipLink />
        <main>Page</main>
        <ChatLauncher />
      </>,
    );
    expect(SKIP_TO_CHAT).toBe(chatTexts.skipToChat);
    const skip = screen.getByRole('link', { name: chatTexts.skipToChat });
    expect(skip.classList.contains('app-skip-link')).toBe(true);
    const launcher = screen.getByRole('button', { name: chatTexts.launcherLabel });
    expect(skip.getAttribute('href')).toBe(`#${launcher.id}`);
    expect(fireEvent.click(skip)).toBe(false);
    expect(document.activeElement).toBe(launcher);
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
