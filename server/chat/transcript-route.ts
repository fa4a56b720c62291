/**
 * GET /staff/chats/:id/transcript.txt (issue #14): a conversation's transcript as plain text, for staff only
 * (downloads are audited).
 */
import express from 'express';
import { chat } from '../data/chat';
import { staffForRequest } from '../staff/staff-request';
import type { AppServices } from '../services';
import { TRANSCRIPT_LIMIT } from './agent-handlers';
import { toChatMessage } from './chat-message';
import { chatTranscript } from './transcript';

export function chatTranscriptRouter(services: AppServices) {
  const router = express.Router();
  router.get('/staff/chats/:id/transcript.txt', async (req, res, next) => {
    try {
      const user = await staffForRequest(services, req, res, '/staff/chats/transcript');
      if (!user) return;
      const id = /^\d{1,12}$/.test(req.params.id) ? Number(req.params.id) : null;
      const summary = id === null ? undefined : await chat.findSummary(services.db, id, user.id);
      if (!summary) return void res.status(404).type('text/plain').send('That conversation no longer exists.');
      const messages = (await chat.listMessages(services.db, summary.id, { limit: TRANSCRIPT_LIMIT })).map(
        toChatMessage,
      );
      await services.audit.record({
        type: 'chat.transcript_downloaded',
        actorUserId: user.id,
        ip: req.ip ?? null,
        subject: `conversation:${summary.id}`,
      });
      res
        .status(200)
        .type('text/plain; charset=utf-8')
        .setHeader('Content-Disposition', `attachment; filename="chat-${summary.id}.txt"`)
        .send(chatTranscript({ reference: `#${summary.id}`, visitorName: summary.visitor_name, messages }));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
