/**
 * The staff app's alerts (issue #29): what alerts on every staff page, and which of them play a sound. The settings
 * are stored per staff member on the server, so they follow the person across pages, reloads and devices.
 */
import { z } from 'zod';

export const STAFF_ALERT_KINDS = ['newChat', 'visitorMessage', 'urgent', 'newRequest'] as const;
export type StaffAlertKind = (typeof STAFF_ALERT_KINDS)[number];

/** The sound settings' labels, as the staff bar shows them. */
export const STAFF_ALERT_LABELS: Record<StaffAlertKind, string> = {
  newChat: 'New chat',
  visitorMessage: 'Visitor message in my chats',
  urgent: 'Urgent chat',
  newRequest: 'New request',
};

export const staffSoundSettingsSchema = z.object({
  newChat: z.boolean({ error: 'New chat must be on or off.' }),
  visitorMessage: z.boolean({ error: 'Visitor message must be on or off.' }),
  urgent: z.boolean({ error: 'Urgent chat must be on or off.' }),
  newRequest: z.boolean({ error: 'New request must be on or off.' }),
});
export type StaffSoundSettings = z.infer<typeof staffSoundSettingsSchema>;

/** Until a staff member chooses: an urgent room is never silent; the rest stay quiet. */
export const DEFAULT_STAFF_SOUNDS: StaffSoundSettings = {
  newChat: false,
  visitorMessage: false,
  urgent: true,
  newRequest: false,
};

/** A room handed back to the bot while its agent had no staff tab open, as the agent is told on return. */
export type HandedBackRoom = { conversationId: number; visitorLabel: string; handedBackAt: string };

/** The chat alerts (every kind but a new request), raised by the agent connection every staff page keeps. */
export type ChatAlertKind = Exclude<StaffAlertKind, 'newRequest'>;

/**
 * What the staff shell hands the agent connection it keeps open on every staff page (the page composes the two, since
 * features do not import each other).
 */
export type ChatLinkHandlers = {
  onAlert: (kind: ChatAlertKind) => void;
  /** Rooms handed back to the bot while this agent had no staff tab open (told once, on return). */
  onHandedBack: (rooms: HandedBackRoom[]) => void;
};
