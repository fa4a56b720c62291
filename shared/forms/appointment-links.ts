/**
 * The pages a booking's e-mail links open (issue #28.4, #28.6): their forms' names and the query of the page each
 * answers with. No schema here, so the pages and the server's plain-post handler share it without zod.
 */
export const APPOINTMENT_LINK_FORMS = {
  reschedule: 'appointment-reschedule',
  cancel: 'appointment-cancel',
  earlier: 'appointment-earlier',
} as const;
export type AppointmentLinkForm = (typeof APPOINTMENT_LINK_FORMS)[keyof typeof APPOINTMENT_LINK_FORMS];

export const isAppointmentLinkForm = (name: string): name is AppointmentLinkForm =>
  (Object.values(APPOINTMENT_LINK_FORMS) as string[]).includes(name);

/**
 * The query of a link page: `token` (the link's), `taken` (the time chosen was taken meanwhile: its start),
 * `choose` (no time was chosen), and after it is done, `done` (the reference) and `at` (the new start).
 */
export const LINK_QUERY = { token: 'token', taken: 'taken', choose: 'choose', done: 'done', at: 'at' } as const;

/** The pages' paths (client/app/paths.ts builds the same; the server's answers need them without the client). */
export const APPOINTMENT_LINK_PATHS = {
  reschedule: '/appointments/reschedule',
  cancel: '/appointments/cancel',
  earlier: '/appointments/earlier',
} as const;

/** Where a done change goes: the page saying so (no token: the link is used). */
export function doneQuery(reference: string, startsAt?: number) {
  const query = new URLSearchParams({ [LINK_QUERY.done]: reference });
  if (startsAt !== undefined) query.set(LINK_QUERY.at, String(startsAt));
  return `?${query.toString()}`;
}

/** The link page again, with what the visitor should see (the time taken meanwhile, no time chosen). */
export function againQuery(token: string, extra: Partial<Record<'taken' | 'choose', string>> = {}) {
  const query = new URLSearchParams({ [LINK_QUERY.token]: token });
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) query.set(name, value);
  return `?${query.toString()}`;
}

/** A time as the pages receive it: its start and end, epoch ms. */
export type LinkSlot = { startsAt: number; endsAt: number };

/** The appointment a link names, as its page shows it (server/trpc/routers/booking.ts builds it). */
export type LinkAppointment = {
  reference: string;
  service: string;
  startsAt: number;
  endsAt: number;
  /** Lagos wall clock, YYYY-MM-DDTHH:mm. */
  when: string;
  clinician: string;
  videoLink: string | null;
  address: string | null;
};

/** What a link page is drawn with (its PageData's `data`). */
export type LinkPageData =
  /** The link cannot be used: used or replaced (404), the offer gone (409), too many tries (429), and so on. */
  | { state: 'refused'; status: number; message: string }
  /** Done: moved (`startsAt`, the new time) or cancelled (`startsAt` null). */
  | { state: 'done'; reference: string; startsAt: number | null }
  | {
      state: 'reschedule';
      token: string;
      appointment: LinkAppointment;
      slots: LinkSlot[];
      /** The time chosen was taken meanwhile: the message and the nearest free times. */
      taken: { message: string; nearest: LinkSlot[] } | null;
      /** Posted without a time chosen. */
      choose: boolean;
    }
  | { state: 'cancel'; token: string; appointment: LinkAppointment }
  | { state: 'earlier'; token: string; appointment: LinkAppointment; offered: { startsAt: number; when: string } };
