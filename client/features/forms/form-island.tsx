import { cloneElement, isValidElement } from 'react';
import type { FormSubmission } from '../../../shared/render-result';
import { useRenderContext } from '../../app/render-context';
import { pristineInitialValues, rememberPristine } from './pristine-values';
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useToast, type ToastOptions } from '../../components/toast/toast-provider';
import '../../components/form/form.css';

/** What a live form receives when it takes over from the prerendered markup. */
export type LiveFormProps = {
  /** Answers typed into the prerendered form before the live one loaded. */
  initialValues?: Record<string, string>;
  /** performance.now() when the form was first shown (for the minimum fill time). */
  openedAt?: number;
};

type FormIslandProps = {
  /** Unique on the page: finds the prerendered markup again in the browser. */
  id: string;
  /** The live form, loaded on the visitor's first focus in the form (or submit). */
  load: () => Promise<ComponentType<LiveFormProps>>;
  /** Server build only: the live form rendered into the HTML. */
  server: ReactNode;
  /** Shown if the form's code cannot load when the visitor sends it (offline, say). */
  failure: ToastOptions;
  /** Checked once in the browser: load the live form at once (the URL pre-fills it, say). */
  loadAtOnce?: () => boolean;
};

type Live = { Component: ComponentType<LiveFormProps>; props: LiveFormProps; focusId: string | null; submit: boolean };

const controlsOf = (form: HTMLFormElement | null | undefined) => Array.from(form?.elements ?? []) as HTMLInputElement[];

/**
 * A form that costs no JavaScript until it is used (docs/decisions/0002): the
 * server renders the real form into the HTML, so labels and fields work before any
 * script runs; the browser hydrates only this wrapper, and the form's code (React
 * form, its tRPC mutation hook with React Query, zod schema) loads on the first focus or submit. The live form
 * then replaces the markup, keeping what was typed, the focus, and a pending submit.
 */
export function FormIsland({ id, load, server, failure, loadAtOnce }: FormIslandProps) {
  const submission = useRenderContext()?.submission ?? null;
  const containerRef = useRef<HTMLDivElement>(null);
  const { toast } = useToast();
  // The markup the server sent, read once before hydration touches it (absent after client-side navigation).
  const [html] = useState(() =>
    import.meta.env.SSR ? null : (document.querySelector(`[data-form-island="${CSS.escape(id)}"]`)?.innerHTML ?? null),
  );
  const [live, setLive] = useState<Live | null>(null);
  const loading = useRef(false);
  const submitPending = useRef(false);
  const openedAt = useRef(0);

  const activate = (submit: boolean) => {
    if (submit) submitPending.current = true;
    if (loading.current) return;
    loading.current = true;
    load().then(
      (Component) => {
        const form = containerRef.current?.querySelector('form');
        const initialValues: Record<string, string> = {};
        for (const control of controlsOf(form)) {
          if (!control.name || ((control.type === 'radio' || control.type === 'checkbox') && !control.checked))
            continue;
          initialValues[control.name] = control.value;
        }
        const active = document.activeElement;
        const focusId = active && containerRef.current?.contains(active) && active.id ? active.id : null;
        setLive({
          Component,
          props: { initialValues, openedAt: openedAt.current },
          focusId,
          submit: submitPending.current,
        });
      },
      () => {
        loading.current = false;
        if (submitPending.current) toast(failure);
        submitPending.current = false;
      },
    );
  };

  useEffect(() => {
    // A prerendered form could be read and typed into from the first paint, before any script ran: its time counts
    // from the navigation start (performance.now()'s origin). One shown by client-side navigation, from now.
    openedAt.current = html === null ? performance.now() : 0;
    if (html !== null) rememberPristine(id, html);
    // After client-side navigation there is no prerendered markup: load the form straight away.
    // So too when the visitor is already in the form (they got there before the scripts did).
    const focusedBeforeHydration = containerRef.current?.contains(document.activeElement) ?? false;
    if (html === null || loadAtOnce?.() || focusedBeforeHydration) activate(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the island mounts
  }, []);

  // Once the live form is in place: focus where the visitor was, and send if they had pressed submit.
  useEffect(() => {
    if (!live) return;
    if (live.focusId) document.getElementById(live.focusId)?.focus();
    if (live.submit) containerRef.current?.querySelector('form')?.requestSubmit();
  }, [live]);

  if (import.meta.env.SSR) return <div data-form-island={id}>{withSubmittedValues(server, submission, id)}</div>;
  if (live) {
    return (
      <div
        ref={containerRef}
        data-form-island={id}
        data-live=""
        // After a successful send the form is reset: what was typed before it went live must not come back.
        onReset={() =>
          setLive(
            (current) =>
              current && { ...current, props: { ...current.props, initialValues: pristineInitialValues(id) } },
          )
        }
      >
        <live.Component {...live.props} />
      </div>
    );
  }
  if (html === null) {
    return (
      <div ref={containerRef} data-form-island={id}>
        <p role="status">Loading the form...</p>
      </div>
    );
  }
  return (
    <div
      ref={containerRef}
      data-form-island={id}
      onFocus={() => activate(false)}
      onSubmit={(event) => {
        event.preventDefault();
        activate(true);
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** On the server, answering this form's plain HTML post with the page again: the form keeps what was sent. */
function withSubmittedValues(server: ReactNode, submission: FormSubmission | null, id: string) {
  if (!submission || submission.form !== id || !isValidElement<LiveFormProps>(server)) return server;
  return cloneElement(server, { initialValues: submission.values });
}
