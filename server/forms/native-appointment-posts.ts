/**
 * The plain HTML posts of a booking's link pages (issue #28.4, #28.6): move, cancel, take an earlier time. Each goes
 * through the same procedure as the page with JavaScript (booking.rescheduleByLink, cancelByLink, takeOffer: the same
 * checks and per-IP limit), then Post/Redirect/Get: done → the page saying so, without the token (the link is used);
 * the time taken meanwhile → the page again with the message and the nearest times; a used link or a gone offer →
 * the page again, which says why.
 */
import { TRPCError } from '@trpc/server';
import {
  APPOINTMENT_LINK_FORMS,
  againQuery,
  doneQuery,
  type AppointmentLinkForm,
} from '../../shared/forms/appointment-links';
import { refusal, type NativePostDeps, type NativePostOutcome, type PostedForm } from './native-post-answers';

const SLOT_PATTERN = /^\d{12,14}$/;

/** What the link page says once more when the post was refused (its GET shows why). */
const SHOWN_BY_THE_PAGE = new Set<TRPCError['code']>(['NOT_FOUND', 'CONFLICT', 'BAD_REQUEST']);

export async function appointmentLinkPost(
  deps: NativePostDeps,
  form: PostedForm & { name: AppointmentLinkForm },
): Promise<NativePostOutcome> {
  form.res.setHeader('Referrer-Policy', 'same-origin');
  const token = form.field('token');
  const at = (query: string) => ({ kind: 'redirect', location: `${form.req.path}${query}` }) as const;
  try {
    const booking = (await deps.callerFor(form.req, form.res)).booking;
    if (form.name === APPOINTMENT_LINK_FORMS.reschedule) {
      const slot = form.field('slot');
      if (!SLOT_PATTERN.test(slot)) return at(againQuery(token, { choose: '1' }));
      const result = await booking.rescheduleByLink({ token, slot });
      return result.moved ? at(doneQuery(result.reference, result.startsAt)) : at(againQuery(token, { taken: slot }));
    }
    if (form.name === APPOINTMENT_LINK_FORMS.cancel) {
      const done = await booking.cancelByLink({ token });
      return at(doneQuery(done.reference));
    }
    const taken = await booking.takeOffer({ token });
    return at(doneQuery(taken.reference, taken.startsAt));
  } catch (error) {
    if (error instanceof TRPCError && SHOWN_BY_THE_PAGE.has(error.code)) return at(againQuery(token));
    return refusal(form, error, deps.logger);
  }
}
