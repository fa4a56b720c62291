// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { brand } from '../../../shared/brand';
import { chatTexts } from '../../../shared/chat-texts';
import { ChatText, linkifyChatText, telHref } from '../../../client/components/chat-text';

afterEach(cleanup);

const links = (text: string) =>
  linkifyChatText(text)
    .filter((part) => part.kind !== 'text')
    .map((part) => [part.text, 'href' in part ? part.href : null]);

describe('linkifyChatText', () => {
  it('links Nigerian phone numbers as written, with digits and a leading + only in the tel: link', () => {
    expect(links('Call 0803 123 4567, +234 803 123 4567 or 08031234567.')).toEqual([
      ['0803 123 4567', 'tel:08031234567'],
      ['+234 803 123 4567', 'tel:+2348031234567'],
      ['08031234567', 'tel:08031234567'],
    ]);
    expect(links('Also 0803-123-4567 and +2348031234567 and 0701 234 5678')).toEqual([
      ['0803-123-4567', 'tel:08031234567'],
      ['+2348031234567', 'tel:+2348031234567'],
      ['0701 234 5678', 'tel:07012345678'],
    ]);
    expect(links(`Our line: ${brand.phone}`)).toEqual([[brand.phone, `tel:+${brand.phone.replace(/\D/g, '')}`]]);
  });

  it('leaves digit runs that are not phone numbers alone', () => {
    expect(links('Order 123456789012345, code 0803123456, card 508031234567, 1080312345678')).toEqual([]);
    expect(links('Reference #123 on 2024-05-01 at 10:30')).toEqual([]);
  });

  it('links the emergency numbers 112 and 767 only as whole words', () => {
    expect(links('Call 112 or 767 now (112).')).toEqual([
      ['112', 'tel:112'],
      ['767', 'tel:767'],
      ['112', 'tel:112'],
    ]);
    expect(links('Room 1120, 7670 steps, 1,112 naira, 112.5 kg, +112, 767-1234, abc112, 112th')).toEqual([]);
  });

  it('links the word WhatsApp to the clinic on wa.me, not words that contain it', () => {
    expect(links('Message us on WhatsApp or whatsapp.')).toEqual([
      ['WhatsApp', `https://wa.me/${brand.whatsappNumber}`],
      ['whatsapp', `https://wa.me/${brand.whatsappNumber}`],
    ]);
    expect(links('WhatsAppBusiness and myWhatsApp')).toEqual([]);
  });

  it('keeps the whole text: joined, the parts are the message', () => {
    for (const text of [chatTexts.botReply, chatTexts.emergencyReply, 'Hello\nline two 0803 123 4567\n', '']) {
      expect(
        linkifyChatText(text)
          .map((part) => part.text)
          .join(''),
      ).toBe(text);
    }
    expect(linkifyChatText('')).toEqual([]);
  });

  it('makes tel: links from digits and a leading + only', () => {
    expect(telHref('+234 (803) 123-4567')).toBe('tel:+2348031234567');
    expect(telHref('0803 123 4567')).toBe('tel:08031234567');
  });
});

describe('ChatText', () => {
  it('renders the message as text with links for numbers and WhatsApp', () => {
    const { container } = render(
      <p>
        <ChatText text="Call 112 or 0803 123 4567, or write on WhatsApp." sender="agent" />
      </p>,
    );
    expect(container.textContent).toBe('Call 112 or 0803 123 4567, or write on WhatsApp.');
    expect(screen.getByRole('link', { name: '112' }).getAttribute('href')).toBe('tel:112');
    expect(screen.getByRole('link', { name: '0803 123 4567' }).getAttribute('href')).toBe('tel:08031234567');
    const whatsApp = screen.getByRole('link', { name: 'WhatsApp' });
    expect(whatsApp.getAttribute('href')).toBe(`https://wa.me/${brand.whatsappNumber}`);
    expect(whatsApp.getAttribute('target')).toBe('_blank');
    expect(whatsApp.getAttribute('rel')).toContain('noopener');
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it("links only our own numbers in the bot's messages, not the sample number it gives (issue #23)", () => {
    const { container } = render(
      <p>
        <ChatText text={chatTexts.contactInvalid} sender="bot" />
      </p>,
    );
    expect(container.textContent).toBe(chatTexts.contactInvalid);
    expect(chatTexts.contactInvalid).toContain('0803 123 4567');
    expect([...container.querySelectorAll('a')].map((link) => link.getAttribute('href'))).not.toContain(
      'tel:08031234567',
    );
    expect(container.querySelector('a[href^="tel:"]')).toBeNull();
    cleanup();

    // The bot's own numbers stay tappable; a visitor's or an agent's number is a link as before.
    const bot = (text: string) =>
      linkifyChatText(text, { ownNumbersOnly: true }).flatMap((part) => (part.kind === 'tel' ? [part.href] : []));
    expect(bot(chatTexts.botReply)).toEqual([`tel:+${brand.phone.replace(/\D/g, '')}`]);
    expect(bot(chatTexts.emergencyReply)).toEqual(['tel:112', 'tel:767']);
    expect(bot(chatTexts.contactSaved('+2348031234567', 'whatsapp'))).toEqual([]);
    // A visitor who left a WhatsApp number is told the answer comes there, not by an e-mail they never gave.
    expect(chatTexts.botOfflineKnownContact('on Monday at 08:00', 'WhatsApp')).toContain(
      'send you the answer on WhatsApp',
    );
    expect(chatTexts.botOfflineKnownContact('on Monday at 08:00')).toContain('e-mail you the answer');
    render(
      <p>
        <ChatText text="My number is 0803 123 4567" sender="user" />
      </p>,
    );
    expect(screen.getByRole('link', { name: '0803 123 4567' }).getAttribute('href')).toBe('tel:08031234567');
  });

  it('never turns message text into markup', () => {
    const text = '<img src=x onerror="alert(1)"> <a href="javascript:alert(1)">112</a> &amp; <b>bold</b>';
    const { container } = render(
      <p>
        <ChatText text={text} sender="user" />
      </p>,
    );
    expect(container.textContent).toBe(text);
    expect(container.querySelector('img, b')).toBeNull();
    // Only the whole-word 112 between tags is a link, and it is a tel: link made by the widget.
    expect([...container.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['tel:112']);
    expect(renderToStaticMarkup(<ChatText text={text} sender="user" />)).not.toContain('<img');
  });

  it('keeps line breaks and plain text as is', () => {
    const { container } = render(
      <p>
        <ChatText text={'First line\nSecond line'} sender="user" />
      </p>,
    );
    expect(container.textContent).toBe('First line\nSecond line');
    expect(container.querySelector('a')).toBeNull();
  });
});
