/**
 * A file a patient sent in a chat, in the agent console (issue #30): a photo as a thumbnail that opens full size, a
 * voice note (or another sound or a video) as a player that fetches nothing until played, a document as a link with
 * its name, type and size. A file we refused says why, where the file would be.
 * Wiring: put `{message.attachment && <AttachmentView attachment={message.attachment} />}` in the message's line.
 */
import { useState, type SyntheticEvent } from 'react';
import { formatFileSize, refusedAttachmentText, type ChatAttachment } from '../../../shared/chat-attachments';

/** '0:07', '1:32', '12:05': a recording's length as a player shows it. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const typeLabels: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'audio/ogg': 'Ogg audio',
  'audio/mpeg': 'MP3 audio',
  'audio/mp4': 'M4A audio',
  'audio/aac': 'AAC audio',
  'audio/amr': 'AMR audio',
  'video/mp4': 'MP4 video',
  'video/3gpp': '3GP video',
};

/** '(PDF, 120 KB)': what a link to a file says after its name. */
const fileFacts = (attachment: ChatAttachment) =>
  `(${[
    typeLabels[attachment.mimeType] ?? attachment.mimeType,
    attachment.byteSize === null ? null : formatFileSize(attachment.byteSize),
  ]
    .filter(Boolean)
    .join(', ')})`;

const NEW_TAB = ' (opens in a new tab)';

function Recording({ attachment, url }: { attachment: ChatAttachment; url: string }) {
  const [duration, setDuration] = useState<number | null>(null);
  const name = attachment.voice ? 'Voice note' : attachment.kind === 'video' ? 'Video' : 'Audio file';
  const label = duration === null ? name : `${name}, ${formatDuration(duration)}`;
  const onMetadata = (event: SyntheticEvent<HTMLMediaElement>) => {
    const seconds = event.currentTarget.duration;
    if (Number.isFinite(seconds)) setDuration(seconds);
  };
  const fallback = (
    <a href={url} download>
      Download the {name.toLowerCase()}
    </a>
  );
  return (
    <div className="app-agent__attachment app-agent__attachment--recording">
      <span className="app-agent__attachment-name" aria-hidden="true">
        {label}
      </span>
      {attachment.kind === 'video' ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a patient's own recording: there is no caption to give
        <video controls preload="none" src={url} aria-label={label} onLoadedMetadata={onMetadata}>
          {fallback}
        </video>
      ) : (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a patient's own recording: there is no caption to give
        <audio controls preload="none" src={url} aria-label={label} onLoadedMetadata={onMetadata}>
          {fallback}
        </audio>
      )}
    </div>
  );
}

export function AttachmentView({ attachment }: { attachment: ChatAttachment }) {
  const { url } = attachment;
  if (attachment.refusal !== null || url === null)
    return (
      <p className="app-agent__attachment app-agent__attachment--refused">
        {refusedAttachmentText(attachment.refusal ?? 'it could not be stored')}
      </p>
    );
  if (attachment.kind === 'image' || attachment.kind === 'sticker') {
    const what = attachment.kind === 'sticker' ? 'Sticker' : 'Photo';
    const alt = `${what} from the patient${attachment.caption ? `: ${attachment.caption}` : ''}`;
    return (
      <a
        className="app-agent__attachment app-agent__attachment--image"
        href={url}
        target="_blank"
        rel="noopener"
        aria-label={`${alt}${NEW_TAB}`}
      >
        <img src={url} alt={alt} loading="lazy" decoding="async" width={160} height={160} />
      </a>
    );
  }
  if (attachment.kind === 'audio' || attachment.kind === 'video')
    return <Recording attachment={attachment} url={url} />;
  return (
    <a className="app-agent__attachment app-agent__attachment--document" href={url} download>
      {attachment.filename ?? 'Document'} {fileFacts(attachment)}
    </a>
  );
}
