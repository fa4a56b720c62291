/**
 * Plain HTML posts (issue #15): a form sent before its script arrived, or with JavaScript off, posts to its own page.
 * It goes through the same tRPC procedure as the enhanced form (same zod schema, rate limit, honeypot), then
 * Post/Redirect/Get: done → 303 to a page that says so (`?form=…&sent=…`); refused → the page again with the error
 * summary, each field's message and the values (never passwords).
 *
 * Fill time cannot be measured without a script, so native posts rely on the honeypot and the rate limits (ADR 0023).
 */
import { randomUUID } from 'node:crypto';
import { MIN_FILL_MS } from '../../shared/form-messages';
import { isAccountFormName } from '../../shared/forms/account-forms';
import { isStoredFormName, storedForms } from '../../shared/forms/stored-forms';
import { FORM_NAME_FIELD } from '../../shared/forms/form-post';
import { IDEMPOTENCY_KEY_PATTERN } from '../../shared/schemas/field-rules';
import { isAppointmentLinkForm } from '../../shared/forms/appointment-links';
import { accountFormPosts } from './native-account-posts';
import { appointmentLinkPost } from './native-appointment-posts';
import { bookingFormPost, dashboardAppointmentLinkPost } from './native-booking-posts';
import { APPOINTMENT_LINK_FORM, BOOKING_FORM } from '../../shared/forms/booking-forms';
import {
  doneAt,
  fieldErrorsOf,
  refusal,
  type NativeFormPosts,
  type NativePostDeps,
  type PostedForm,
} from './native-post-answers';

export type { NativeFormPosts } from './native-post-answers';

export function createNativeFormPosts(deps: NativePostDeps): NativeFormPosts {
  return async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
    const name = field(FORM_NAME_FIELD);
    const form: PostedForm = {
      name,
      field,
      req,
      res,
      page: (status, { fieldErrors = {}, message = null, outcome }, values = {}) => ({
        kind: 'page',
        status,
        submission: { form: name, values, fieldErrors, message, outcome },
      }),
    };
    if (isStoredFormName(name)) return storedFormPost(deps, form, body);
    if (isAccountFormName(name)) return accountFormPosts[name](deps, form);
    if (isAppointmentLinkForm(name)) return appointmentLinkPost(deps, { ...form, name });
    if (name === BOOKING_FORM) return bookingFormPost(deps, form, body);
    if (name === APPOINTMENT_LINK_FORM) return dashboardAppointmentLinkPost(deps, form);
    return { kind: 'not-a-form' };
  };
}

/** The five stored forms: the shared mapping and schema, then the form's procedure; stored → its reference. */
async function storedFormPost(deps: NativePostDeps, form: PostedForm, body: Record<string, unknown>) {
  const name = form.name as keyof typeof storedForms;
  const stored = storedForms[name];
  const key = form.field('idempotencyKey');
  const input = {
    ...stored.toInput(form.field),
    website: form.field('website'),
    fillMs: MIN_FILL_MS,
    idempotencyKey: IDEMPOTENCY_KEY_PATTERN.test(key) ? key : randomUUID().replace(/-/g, ''),
  };
  // What the visitor sent, to fill the form again (these forms have no passwords).
  const values = Object.fromEntries(
    Object.entries(body).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && ![FORM_NAME_FIELD, 'website', 'idempotencyKey'].includes(entry[0]),
    ),
  );
  const parsed = stored.schema.safeParse(input);
  if (!parsed.success) return form.page(400, fieldErrorsOf(parsed.error), values);
  try {
    const forms = (await deps.callerFor(form.req, form.res)).forms;
    const send = forms[stored.procedure] as (value: unknown) => Promise<{ reference: string }>;
    const { reference } = await send(input);
    return doneAt(form.req.path, name, reference, `${name}-sent`);
  } catch (error) {
    // The form shows its own failure text (the spec's catalogue), as its toast would.
    return refusal(form, error, deps.logger, values);
  }
}
