// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AttachmentView, formatDuration } from '../../../../client/features/agent/attachment-view';
import { formatFileSize, type ChatAttachment } from '../../../../shared/chat-attachments';
import { expectNoAxeViolations, settle } from './parts-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => cleanup());

const attachment = (extra: Partial<ChatAttachment>): ChatAttachment => ({
  id: 7,
  kind: 'image',
  mimeType: 'image/jpeg',
  byteSize: 48_000,
  filename: null,
  caption: null,
  voice: false,
  url: '/staff/attachments/7',
  refusal: null,
  ...extra,
});

describe('AttachmentView (issue #30)', () => {
  it('shows a photo as a thumbnail linking to the full file in a new tab, described by its caption', async () => {
    const { container } = render(<AttachmentView attachment={attachment({ caption: 'My rash' })} />);
    const link = screen.getByRole('link', { name: 'Photo from the patient: My rash (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/staff/attachments/7');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('img', { name: 'Photo from the patient: My rash' }).getAttribute('src')).toBe(
      '/staff/attachments/7',
    );
    await expectNoAxeViolations(container);
  });

  it('plays a voice note with controls, loading nothing before play, labelled "Voice note" then with its length', async () => {
    const voiceNote = attachment({ kind: 'audio', mimeType: 'audio/ogg', voice: true, byteSize: 5_120 });
    const { container } = render(<AttachmentView attachment={voiceNote} />);
    const player = container.querySelector('audio')!;
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.getAttribute('preload')).toBe('none');
    expect(player.getAttribute('src')).toBe('/staff/attachments/7');
    expect(player.getAttribute('aria-label')).toBe('Voice note');
    await expectNoAxeViolations(container);
    Object.defineProperty(player, 'duration', { value: 12.4, configurable: true });
    await settle(() => fireEvent.loadedMetadata(player));
    expect(player.getAttribute('aria-label')).toBe('Voice note, 0:12');
    expect(screen.getByText('Voice note, 0:12')).toBeTruthy();
  });

  it('keeps the plain label while the length is unknown (a live stream reports Infinity)', async () => {
    const { container } = render(<AttachmentView attachment={attachment({ kind: 'audio', mimeType: 'audio/mpeg' })} />);
    const player = container.querySelector('audio')!;
    Object.defineProperty(player, 'duration', { value: Number.POSITIVE_INFINITY, configurable: true });
    await settle(() => fireEvent.loadedMetadata(player));
    expect(player.getAttribute('aria-label')).toBe('Audio file');
  });

  it('shows a video in a player that loads nothing before play', () => {
    const { container } = render(<AttachmentView attachment={attachment({ kind: 'video', mimeType: 'video/mp4' })} />);
    expect(container.querySelector('video')!.getAttribute('preload')).toBe('none');
    expect(container.querySelector('video')!.getAttribute('aria-label')).toBe('Video');
  });

  it('links a document by its name, type and size', async () => {
    const { container } = render(
      <AttachmentView
        attachment={attachment({
          kind: 'document',
          mimeType: 'application/pdf',
          filename: 'lab-results.pdf',
          byteSize: 123_456,
        })}
      />,
    );
    const link = screen.getByRole('link', { name: 'lab-results.pdf (PDF, 121 KB)' });
    expect(link.getAttribute('href')).toBe('/staff/attachments/7');
    expect(link.hasAttribute('download')).toBe(true);
    await expectNoAxeViolations(container);
  });

  it('says why a refused file is not there, with no link', async () => {
    const { container } = render(
      <AttachmentView
        attachment={attachment({ kind: 'video', url: null, refusal: 'too large (18 MB, limit 16 MB)' })}
      />,
    );
    expect(
      screen.getByText('The patient sent a file we could not accept: too large (18 MB, limit 16 MB).'),
    ).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('video')).toBeNull();
    await expectNoAxeViolations(container);
  });
});

describe('formatDuration and formatFileSize', () => {
  it('write lengths as m:ss and sizes as staff read them', () => {
    expect([0, 7.4, 59.6, 92, 725].map(formatDuration)).toEqual(['0:00', '0:07', '1:00', '1:32', '12:05']);
    expect([1, 840, 12_288, 2.4 * 1024 * 1024, 18 * 1024 * 1024].map(formatFileSize)).toEqual([
      '1 byte',
      '840 bytes',
      '12 KB',
      '2.4 MB',
      '18 MB',
    ]);
  });
});
