/**
 * GET /staff/attachments/:id (issue #30, ADR 0050): a file a patient sent, for staff only. The bytes go out with the
 * type we checked when storing them, never sniffed; photos, voice notes and videos open in place (the console's <img>,
 * <audio> and <video>), documents download. The answer carries a sandboxing CSP of its own, so even a file opened
 * on its own in a tab runs nothing and reaches nothing, and it is kept in no shared cache.
 */
import express from 'express';
import { chatAttachments } from '../data/chat-attachments';
import type { AppServices } from '../services';
import { staffForRequest } from './staff-request';

/** What a file opened on its own may do: nothing beyond showing itself (no script, no form, no other origin). */
export const ATTACHMENT_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'application/pdf': 'pdf',
};

/** Shown in place: what the console plays or draws. Anything else (a PDF) is a download. */
const opensInline = (mimeType: string) => /^(image|audio|video)\//.test(mimeType);

/**
 * RFC 6266: an ASCII fallback name (quotes, backslashes and controls replaced) and the exact name in filename*.
 * The patient's phone chose the name: it is never trusted as a path or as header syntax.
 */
export function contentDisposition(inline: boolean, name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function staffAttachmentRouter(services: AppServices) {
  const router = express.Router();
  router.get('/staff/attachments/:id', async (req, res, next) => {
    try {
      const user = await staffForRequest(services, req, res, '/staff/attachments');
      if (!user) return;
      const id = req.params.id;
      if (!/^[1-9]\d{0,9}$/.test(id)) return void res.status(400).type('text/plain').send('id: not an attachment id');
      const file = await chatAttachments.content(services.db, Number(id));
      // A refused file has no bytes: the console shows why instead of a link.
      if (!file?.bytes) return void res.status(404).type('text/plain').send('No such attachment');
      const name = file.filename ?? `${file.kind}-${file.id}.${extensions[file.mime_type] ?? 'bin'}`;
      res.status(200);
      res.setHeader('Content-Type', file.mime_type);
      res.setHeader('Content-Length', String(file.bytes.length));
      res.setHeader('Content-Disposition', contentDisposition(opensInline(file.mime_type), name));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // Patients' photos and voice notes: this browser only, and not kept after the session (shared desk computers).
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('Content-Security-Policy', ATTACHMENT_CSP);
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      res.end(Buffer.from(file.bytes));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
