import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { ErrorSummaryItem } from './error-summary';

/** Field name → the message shown by that field. */
export type FieldErrors = Record<string, string>;

export type FormErrorsState = { fieldErrors: FieldErrors; summary: ErrorSummaryItem[] };

const EMPTY: FormErrorsState = { fieldErrors: {}, summary: [] };

/**
 * Error state for one form: messages by field, the error summary's items in the
 * order the fields appear, and focus management after a failed submit (focus
 * goes to the first invalid field, or to the summary for a form-level message).
 */
export function useFormErrors(formRef: RefObject<HTMLFormElement | null>, initial: FormErrorsState = EMPTY) {
  // `initial`: the errors of a plain HTML post the server answers with the page again (issue #15).
  const [state, setState] = useState<FormErrorsState>(initial);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef<HTMLElement | 'summary' | null>(null);

  useEffect(() => {
    const target = focusAfterRender.current;
    focusAfterRender.current = null;
    if (target === 'summary') summaryRef.current?.focus();
    else target?.focus();
  }, [state]);

  const showErrors = useCallback(
    (fieldErrors: FieldErrors, formMessage?: string) => {
      const controls = Array.from(formRef.current?.elements ?? []).filter(
        (element): element is HTMLInputElement =>
          'name' in element &&
          typeof (element as HTMLInputElement).name === 'string' &&
          (element as HTMLInputElement).type !== 'hidden',
      );
      const summary: ErrorSummaryItem[] = formMessage ? [{ message: formMessage }] : [];
      const seen = new Set<string>();
      let first: HTMLElement | null = null;
      for (const control of controls) {
        const message = fieldErrors[control.name];
        if (!message || seen.has(control.name)) continue;
        seen.add(control.name);
        first ??= control;
        summary.push({ fieldId: control.id, message });
      }
      // Messages for fields not on the page (a server-only rule) still reach the visitor.
      for (const [name, message] of Object.entries(fieldErrors)) if (!seen.has(name)) summary.push({ message });
      focusAfterRender.current = formMessage || !first ? 'summary' : first;
      setState({ fieldErrors, summary });
    },
    [formRef],
  );

  const clearErrors = useCallback(() => setState((current) => (current === EMPTY ? current : EMPTY)), []);

  return { fieldErrors: state.fieldErrors, summary: state.summary, summaryRef, showErrors, clearErrors };
}
