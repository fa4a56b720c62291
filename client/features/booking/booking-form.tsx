import { useRef, useState, type ComponentType, type FormEvent } from 'react';
import { AppForm } from '../../components/form/app-form';
import { formValue } from '../../components/form/form-value';
import { FormFields } from '../../components/form/form-fields';
import { useAppForm } from '../../components/form/use-app-form';
import { useToast, type ToastOptions } from '../../components/toast/toast-provider';
import type { LiveProps } from '../../rendering/island';
import { trpc } from '../../lib/trpc';
import { withTrpc } from '../../lib/trpc-provider';
import { BOOKING_FORM, NEAREST_FIELD, bookingInput } from '../../../shared/forms/booking-forms';
import type { BookSlotInput } from '../../../shared/schemas/booking';
import type { BookingCheck } from './booking-check';
import { BookedNotice } from './booked-notice';
import { BOOKING_ID_PREFIX, bookingFields } from './booking-fields';
import { SlotPicker, type SlotOption } from './slot-picker';

export type BookingFormProps = LiveProps & {
  /** The chosen service (posted as a hidden field). */
  service: string;
  /** Its free times of the next 14 days, from the page's data. */
  slots: readonly SlotOption[];
};

export const bookingFailure: ToastOptions = {
  title: 'Booking Failed',
  description: 'Could not book this time. Please try again.',
  variant: 'destructive',
};

const loadCheck = (): Promise<BookingCheck> => import('./booking-check').then((module) => module.bookingCheck);

/** 22 url-safe characters (128 random bits): the key one booking keeps across its retries (as the stored forms'). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The nearest free times offered after a lost time, as the hidden field carries them (epoch ms, comma-separated). */
const parseNearest = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .filter((part) => /^\d{12,14}$/.test(part))
    .map(Number);

/**
 * Booking a free time (issue #28.2): the times as radio buttons grouped by Lagos day, then the appointment form's
 * contact fields, Message and the waitlist box. Without JavaScript it posts to its own page
 * (server/forms/native-booking-posts.ts); live, it sends the same input through booking.book. A time someone else
 * booked first: the message at the top, everything typed kept, and the 3 nearest free times offered first.
 */
function BookingFormInner({ service, slots, initialValues = {}, openedAt: shownAt }: BookingFormProps) {
  const { toast } = useToast();
  const form = useAppForm({
    load: loadCheck,
    onLoadFailed: () => toast(bookingFailure),
    formName: BOOKING_FORM,
    postMessages: { failed: `${bookingFailure.title}: ${String(bookingFailure.description)}` },
  });
  const book = trpc.booking.book.useMutation();
  const [booked, setBooked] = useState<{ reference: string; startsAt: number } | null>(null);
  const [nearest, setNearest] = useState(() => parseNearest(initialValues[NEAREST_FIELD]));
  const [taken, setTaken] = useState<readonly number[]>([]);
  const pending = useRef<{ answers: string; key: string } | null>(null);
  const openedAt = useRef(shownAt ?? 0);

  if (booked) return <BookedNotice reference={booked.reference} startsAt={booked.startsAt} focus />;

  const { showErrors, clearErrors } = form;
  // Built per submit (inside the event handler), so the refs it reads are never read in render.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.submit(async ({ validate, refusal }, element) => {
      const answers = bookingInput((name) => formValue(element, name));
      const serialised = JSON.stringify(answers);
      if (pending.current?.answers !== serialised) pending.current = { answers: serialised, key: newIdempotencyKey() };
      const values = {
        ...answers,
        website: formValue(element, 'website'),
        fillMs: Math.max(0, Math.round(performance.now() - openedAt.current)),
        idempotencyKey: pending.current.key,
      } as BookSlotInput;
      const invalid = validate(values);
      if (invalid) return showErrors(invalid);
      try {
        const result = await book.mutateAsync(values);
        pending.current = null;
        if (result.booked) {
          clearErrors();
          setBooked({ reference: result.reference, startsAt: result.startsAt });
          return;
        }
        setTaken((current) => [...current, Number(answers.slot)]);
        setNearest(result.nearest.map((slot) => slot.startsAt));
        showErrors({}, result.message);
      } catch (error) {
        const refused = refusal(error);
        if (!refused) {
          clearErrors();
          toast(bookingFailure);
          return;
        }
        showErrors(refused.fieldErrors, refused.message);
      }
    })(event);

  const open = slots.filter((slot) => !taken.includes(slot.startsAt));
  const offered = open.filter((slot) => nearest.includes(slot.startsAt));
  const others = open.filter((slot) => !nearest.includes(slot.startsAt));
  const slotError = form.fieldErrors.slot;
  const chosen = initialValues.slot;

  return (
    <AppForm
      form={form}
      onSubmit={onSubmit}
      label="Book a time"
      botTrapPrefix={BOOKING_ID_PREFIX}
      submit={{ label: 'Book this time', busyLabel: 'Booking...', busy: book.isPending }}
    >
      <input type="hidden" name="service" value={service} />
      {offered.length ? (
        <input type="hidden" name={NEAREST_FIELD} value={offered.map((slot) => slot.startsAt).join(',')} />
      ) : null}
      {offered.length ? (
        <>
          <SlotPicker
            id={`${BOOKING_ID_PREFIX}-slot`}
            legend="The nearest free times"
            hint="Times are in Lagos time."
            slots={offered}
            error={slotError}
            defaultValue={chosen}
          />
          {others.length ? (
            <SlotPicker
              id={`${BOOKING_ID_PREFIX}-slot-more`}
              legend="Other free times"
              slots={others}
              defaultValue={chosen}
            />
          ) : null}
        </>
      ) : (
        <SlotPicker
          id={`${BOOKING_ID_PREFIX}-slot`}
          legend={`Free times for ${service}`}
          hint="Times are in Lagos time, for the next 14 days."
          slots={others}
          error={slotError}
          defaultValue={chosen}
        />
      )}
      <FormFields
        fields={bookingFields}
        idPrefix={BOOKING_ID_PREFIX}
        initialValues={initialValues}
        errors={form.fieldErrors}
      />
    </AppForm>
  );
}

/** In its own tRPC provider: the live form loads on demand, and React Query with it. */
export const BookingForm = withTrpc(BookingFormInner);

let live: { key: string; Component: ComponentType<LiveProps> } | null = null;
/** The live form an island swaps in: one component for the page's service and times, kept. */
export function liveBookingForm(service: string, slots: readonly SlotOption[]) {
  const key = `${service}:${slots.map((slot) => slot.startsAt).join(',')}`;
  if (live?.key !== key)
    live = { key, Component: (props: LiveProps) => <BookingForm {...props} service={service} slots={slots} /> };
  return live.Component;
}
