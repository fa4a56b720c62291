/**
 * The public pages drawn per request with the server's data (issue #28), by path: each loader asks the same tRPC
 * procedures the enhanced page would, so the page without JavaScript and the page with it show the same thing.
 */
import { TRPCError } from '@trpc/server';
import type express from 'express';
import { nearestSlots } from '../../shared/booking/free-slots';
import { APPOINTMENT_LINK_PATHS, LINK_QUERY, type LinkPageData } from '../../shared/forms/appointment-links';
import { LINK_USED_MESSAGE, NO_SLOTS_LEFT_MESSAGE, SLOT_TAKEN_MESSAGE } from '../../shared/messages/booking-messages';
import type { PageData } from '../../shared/render-result';
import type { AppRouter } from './router';
import { BOOKED_AT_QUERY, BOOKING_FORM } from '../../shared/forms/booking-forms';
import { REFERENCE_PATTERN, SENT_QUERY } from '../../shared/forms/form-post';

/** The app's tRPC caller for this request: the loaders ask what the enhanced pages ask. */
type Caller = ReturnType<AppRouter['createCaller']>;
type Loader = (caller: Caller, req: express.Request, res: express.Response) => Promise<PageData | null>;

const queryText = (req: express.Request, name: string) => {
  const value = req.query[name];
  return typeof value === 'string' ? value : '';
};

/** A field of the form posted to the page (the page drawn again for a refused plain post), '' when absent. */
const postedText = (req: express.Request, name: string) => {
  const body = (req.method === 'POST' ? req.body : null) as Record<string, unknown> | null;
  const value = body?.[name];
  return typeof value === 'string' ? value : '';
};

/** After a plain post was booked (Post/Redirect/Get, ?form=booking&sent=APT-…&at=…): the reference and the start. */
function bookedOf(req: express.Request) {
  const reference = queryText(req, SENT_QUERY.reference);
  const at = queryText(req, BOOKED_AT_QUERY);
  if (queryText(req, SENT_QUERY.form) !== BOOKING_FORM || !REFERENCE_PATTERN.test(reference) || !/^\d{12,14}$/.test(at))
    return null;
  return { reference, startsAt: Number(at) };
}

/**
 * /services/book-appointment: the bookable services and, for the one chosen (`?service=`, or the service of the booking
 * form posted to the page), its free times.
 */
const bookAppointment: Loader = async (caller, req) => {
  const services = await caller.booking.services();
  const asked = postedText(req, 'service') || queryText(req, 'service');
  const service = services.find((name) => name === asked) ?? (services.length === 1 ? services[0]! : null);
  const times = service ? await caller.booking.freeSlots({ service }) : null;
  return { page: 'book-appointment', data: { services, service, slots: times?.slots ?? [], booked: bookedOf(req) } };
};

/**
 * A booking's link pages (issue #28.4, #28.6). A GET only reads (mail scanners open links). The pages are never
 * stored, and never pass their address (with its token) on to another site; request logs keep the path only.
 */
function linkPage(
  page: string,
  load: (caller: Caller, token: string, req: express.Request) => Promise<LinkPageData>,
): Loader {
  return async (caller, req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'same-origin');
    const answer = (data: LinkPageData): PageData => ({ page, data });
    const done = queryText(req, LINK_QUERY.done);
    if (REFERENCE_PATTERN.test(done)) {
      const at = queryText(req, LINK_QUERY.at);
      return answer({ state: 'done', reference: done, startsAt: /^\d{12,14}$/.test(at) ? Number(at) : null });
    }
    const token = queryText(req, LINK_QUERY.token);
    if (!/^[A-Za-z0-9_-]{43}$/.test(token))
      return answer({ state: 'refused', status: 404, message: LINK_USED_MESSAGE });
    try {
      return answer(await load(caller, token, req));
    } catch (error) {
      if (error instanceof TRPCError && refusedStatus[error.code])
        return answer({ state: 'refused', status: refusedStatus[error.code]!, message: error.message });
      throw error;
    }
  };
}
const refusedStatus: Partial<Record<TRPCError['code'], number>> = {
  NOT_FOUND: 404,
  CONFLICT: 409,
  BAD_REQUEST: 410,
  TOO_MANY_REQUESTS: 429,
};

/** /appointments/reschedule?token=: the appointment and the free times; `taken=` a time taken meanwhile. */
const reschedulePage = linkPage('appointment-reschedule', async (caller, token, req) => {
  const { appointment, slots } = await caller.booking.manage({ token, withTimes: true });
  const takenAt = queryText(req, LINK_QUERY.taken);
  const nearest = /^\d{12,14}$/.test(takenAt)
    ? nearestSlots(
        slots.map((slot) => ({ ...slot, clinicianIds: [] })),
        Number(takenAt),
      ).map(({ startsAt, endsAt }) => ({ startsAt, endsAt }))
    : null;
  return {
    state: 'reschedule',
    token,
    appointment,
    slots,
    taken: nearest ? { message: nearest.length ? SLOT_TAKEN_MESSAGE : NO_SLOTS_LEFT_MESSAGE, nearest } : null,
    choose: queryText(req, LINK_QUERY.choose) !== '',
  };
});

/** /appointments/cancel?token=: the appointment, and the one button. */
const cancelPage = linkPage('appointment-cancel', async (caller, token) => {
  const { appointment } = await caller.booking.manage({ token });
  return { state: 'cancel', token, appointment };
});

/** /appointments/earlier?token=: the earlier time offered against the current one. */
const earlierPage = linkPage('appointment-earlier', async (caller, token) => {
  const { appointment, offered } = await caller.booking.offer({ token });
  return { state: 'earlier', token, appointment, offered };
});

const loaders = new Map<string, Loader>([
  ['/services/book-appointment', bookAppointment],
  [APPOINTMENT_LINK_PATHS.reschedule, reschedulePage],
  [APPOINTMENT_LINK_PATHS.cancel, cancelPage],
  [APPOINTMENT_LINK_PATHS.earlier, earlierPage],
]);

export function createPageData(callerFor: (req: express.Request, res: express.Response) => Promise<Caller>) {
  return {
    handles: (path: string) => loaders.has(path),
    async load(req: express.Request, res: express.Response): Promise<PageData | null> {
      const loader = loaders.get(req.path);
      return loader ? loader(await callerFor(req, res), req, res) : null;
    },
  };
}
