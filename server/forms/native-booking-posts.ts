/**
 * The booking page's form and the dashboard's appointment buttons as plain HTML posts (issue #28.2, #28.7), through
 * the same procedures as the enhanced page. Booked → 303 to the page saying so; the time lost to someone else → the
 * page again with the message, every value kept and the nearest free times offered; refused → the page with the
 * errors. 'Choose another time' / 'Cancel appointment' → 303 to the link's page with a fresh token.
 */
import { randomUUID } from 'node:crypto';
import { MIN_FILL_MS } from '../../shared/form-messages';
import { FORM_NAME_FIELD } from '../../shared/forms/form-post';
import { NEAREST_FIELD, bookedPath, bookingInput } from '../../shared/forms/booking-forms';
import { appointmentLinkSchema } from '../../shared/schemas/appointment-link';
import { bookSlotSchema, type BookSlotInput } from '../../shared/schemas/booking';
import { IDEMPOTENCY_KEY_PATTERN } from '../../shared/schemas/field-rules';
import { LOG_IN_PAGE, DASHBOARD_PAGE } from '../../shared/forms/account-forms';
import { TRPCError } from '@trpc/server';
import {
  fieldErrorsOf,
  refusal,
  type NativePostDeps,
  type NativePostOutcome,
  type PostedForm,
} from './native-post-answers';

/** What the visitor sent, to fill the form again (the booking form has no passwords). */
function sentValues(body: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(body).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' &&
        ![FORM_NAME_FIELD, 'website', 'idempotencyKey', NEAREST_FIELD].includes(entry[0]),
    ),
  );
}

export async function bookingFormPost(
  deps: NativePostDeps,
  form: PostedForm,
  body: Record<string, unknown>,
): Promise<NativePostOutcome> {
  const key = form.field('idempotencyKey');
  const input = {
    ...bookingInput(form.field),
    website: form.field('website'),
    fillMs: MIN_FILL_MS,
    idempotencyKey: IDEMPOTENCY_KEY_PATTERN.test(key) ? key : randomUUID().replace(/-/g, ''),
  };
  const values = sentValues(body);
  const parsed = bookSlotSchema.safeParse(input);
  if (!parsed.success) return form.page(400, fieldErrorsOf(parsed.error), values);
  try {
    const result = await (await deps.callerFor(form.req, form.res)).booking.book(input as BookSlotInput);
    if (result.booked)
      return { kind: 'redirect', location: bookedPath(form.req.path, result.reference, result.startsAt) };
    // Lost to someone a moment before: the same page, their values, the lost time unticked, the nearest offered.
    const { slot: _lost, ...kept } = values;
    void _lost;
    return form.page(
      409,
      { message: result.message },
      {
        ...kept,
        [NEAREST_FIELD]: result.nearest.map((slot) => slot.startsAt).join(','),
      },
    );
  } catch (error) {
    return refusal(form, error, deps.logger, values);
  }
}

/** 'Choose another time' / 'Cancel appointment': a fresh link for the patient's own booking, then its page. */
export async function dashboardAppointmentLinkPost(deps: NativePostDeps, form: PostedForm): Promise<NativePostOutcome> {
  const parsed = appointmentLinkSchema.safeParse({ id: Number(form.field('id')), action: form.field('action') });
  if (!parsed.success) return form.page(400, fieldErrorsOf(parsed.error));
  try {
    const { location } = await (await deps.callerFor(form.req, form.res)).patient.appointmentLink(parsed.data);
    return { kind: 'redirect', location };
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'UNAUTHORIZED')
      return { kind: 'redirect', location: `${LOG_IN_PAGE}?next=${encodeURIComponent(DASHBOARD_PAGE)}` };
    return refusal(form, error, deps.logger);
  }
}
