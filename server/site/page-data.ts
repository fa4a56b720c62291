/**
 * The public pages drawn per request with the server's data (issue #28), by path: each loader asks the same tRPC
 * procedures the enhanced page would, so the page without JavaScript and the page with it show the same thing.
 */
import type express from 'express';
import type { PageData } from '../../shared/render-result';
import { BOOKED_AT_QUERY, BOOKING_FORM } from '../../shared/forms/booking-forms';
import { REFERENCE_PATTERN, SENT_QUERY } from '../../shared/forms/form-post';

/**
 * The procedures the loaders call, declared by what they send and read (as server/forms/native-post-answers.ts does),
 * so site/ takes nothing from trpc/; server/app.ts hands in the router's caller and the compiler checks that it fits.
 */
type Caller = {
  booking: {
    services: () => Promise<string[]>;
    freeSlots: (input: { service: string }) => Promise<{ slots: { startsAt: number; endsAt: number }[] }>;
  };
};
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

const loaders = new Map<string, Loader>([['/services/book-appointment', bookAppointment]]);

export function createPageData(callerFor: (req: express.Request, res: express.Response) => Promise<Caller>) {
  return {
    handles: (path: string) => loaders.has(path),
    async load(req: express.Request, res: express.Response): Promise<PageData | null> {
      const loader = loaders.get(req.path);
      return loader ? loader(await callerFor(req, res), req, res) : null;
    },
  };
}
