import { z } from 'zod';
import { WHATSAPP_DESK_TEMPLATE_NAMES } from '../messaging/whatsapp-desk';

/**
 * An approved WhatsApp template after the window (issue #30). Apart from shared/schemas/chat.ts so the visitor widget's
 * bundle never carries the templates.
 */
export const agentWhatsAppTemplateSchema = z.strictObject({
  conversationId: z.number().int().positive(),
  clientId: z.uuid('Each message needs a client id (a UUID).'),
  template: z.enum(WHATSAPP_DESK_TEMPLATE_NAMES, { error: 'Choose one of the approved templates.' }),
});
