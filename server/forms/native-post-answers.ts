/**
 * How a plain HTML post is answered (issue #15), for the stored forms and the account forms alike: Post/Redirect/Get
 * when done, the page again with the field messages, the form's message and the values when refused.
 */
import { TRPCError } from '@trpc/server';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { SENT_QUERY } from '../../shared/forms/form-post';
import type { storedForms } from '../../shared/forms/stored-forms';
import type { FormSubmission } from '../../shared/render-result';
import type { MessageConsentChangeInput } from '../../shared/schemas/message-consent';
import type { AppointmentLinkInput } from '../../shared/schemas/appointment-link';
import type { BookSlotInput } from '../../shared/schemas/booking';
import type { Logger } from '../logger';

export type NativePostOutcome =
  | { kind: 'not-a-form' }
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; status: number; submission: FormSubmission };

export type NativeFormPosts = (req: Request, res: Response) => Promise<NativePostOutcome>;

type StoredProcedure = (typeof storedForms)[keyof typeof storedForms]['procedure'];

/**
 * The app's procedures a plain post calls, for this request with its session, limits and cookies. Declared here by
 * what the posts send and read, so forms/ takes nothing from trpc/ (issue #26.2); server/app.ts hands in the router's
 * caller, and the compiler checks there that it fits. A stored form's input is its schema's, checked before the call.
 */
export type PostProcedures = {
  forms: Record<StoredProcedure, (input: never) => Promise<{ reference: string }>>;
  auth: {
    logIn: (input: { email: string; password: string }) => Promise<unknown>;
    signUp: (input: {
      fullName: string;
      email: string;
      password: string;
    }) => Promise<{ status: 'created' | 'exists' | 'already-confirmed' }>;
    requestPasswordReset: (input: { email: string }) => Promise<unknown>;
    resetPassword: (input: { token: string; password: string }) => Promise<unknown>;
    confirmEmail: (input: { token: string }) => Promise<unknown>;
    deleteAccount: (input: { password: string }) => Promise<unknown>;
    downloadMyData: () => Promise<unknown>;
  };
  /** A booking's link pages (server/forms/native-appointment-posts.ts, issue #28.4). */
  booking: {
    rescheduleByLink: (input: {
      token: string;
      slot: string;
    }) => Promise<{ moved: true; reference: string; startsAt: number } | { moved: false }>;
    cancelByLink: (input: { token: string }) => Promise<{ reference: string }>;
    takeOffer: (input: { token: string }) => Promise<{ reference: string; startsAt: number }>;
    /** The booking page (server/forms/native-booking-posts.ts, issue #28.2). */
    book: (
      input: BookSlotInput,
    ) => Promise<
      | { booked: true; reference: string; startsAt: number }
      | { booked: false; message: string; nearest: { startsAt: number }[] }
    >;
  };
  patient: {
    cancelRequest: (input: { id: number }) => Promise<unknown>;
    setMessageConsent: (input: MessageConsentChangeInput) => Promise<unknown>;
    appointmentLink: (input: AppointmentLinkInput) => Promise<{ location: string }>;
  };
};
export type CallerFor = (req: Request, res: Response) => Promise<PostProcedures>;

export type NativePostDeps = { callerFor: CallerFor; logger: Logger };

/** One posted form: its name, its fields as strings ('' when absent), and how to answer. */
export type PostedForm = {
  name: string;
  field: (name: string) => string;
  req: Request;
  res: Response;
  /** The page again with these errors; `values` are what the form shows filled in (leave passwords out). */
  page: (
    status: number,
    errors: { fieldErrors?: Record<string, string>; message?: string | null; outcome?: FormSubmission['outcome'] },
    values?: Record<string, string>,
  ) => NativePostOutcome;
};

const statusFor: Partial<Record<TRPCError['code'], number>> = {
  TOO_MANY_REQUESTS: 429,
  CONFLICT: 409,
  SERVICE_UNAVAILABLE: 503,
  PRECONDITION_FAILED: 412,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
};

/** The first message for each field; messages about the whole form go in `message`. */
export function fieldErrorsOf(error: z.ZodError) {
  const fieldErrors: Record<string, string> = {};
  let message: string | null = null;
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === undefined) message ??= issue.message;
    else fieldErrors[String(field)] ??= issue.message;
  }
  return { fieldErrors, message };
}

/**
 * A refused call as the page shows it: field messages (a procedure's own zod check, or a wrong password), else the
 * procedure's message with its HTTP status; anything unexpected is logged and shown as the form's own failure text.
 */
export function refusal(form: PostedForm, error: unknown, logger: Logger, values?: Record<string, string>) {
  if (error instanceof TRPCError && statusFor[error.code]) {
    const status = statusFor[error.code]!;
    if (error.cause instanceof z.ZodError) return form.page(status, fieldErrorsOf(error.cause), values);
    return form.page(
      status,
      { message: error.message, outcome: error.code === 'CONFLICT' ? 'conflict' : undefined },
      values,
    );
  }
  logger.error('native form post failed', { form: form.name, err: error });
  return form.page(500, { outcome: 'failed' }, values);
}

/** Where a done post goes: the page that shows the notice (`?form=NAME&sent=…`), at the notice. */
export function doneAt(path: string, name: string, sent: string, anchor: string) {
  const query = new URLSearchParams({ [SENT_QUERY.form]: name, [SENT_QUERY.reference]: sent });
  return { kind: 'redirect', location: `${path}?${query.toString()}#${anchor}` } as const;
}
