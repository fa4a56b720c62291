import {
  cloneElement,
  isValidElement,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import type { FormSubmission } from '../../shared/render-result';
import { useRenderContext } from './render-context';
import { EARLY_SUBMIT_ATTRIBUTE, takeEarlyClick } from './early-clicks';
import { Handover } from './handover';
import { useToast, type ToastOptions } from '../components/toast/toast-provider';
import '../components/form/form.css';

/** What the live component receives when it takes over from the server's markup. */
export type LiveProps = {
  /** Values typed into the server's markup before the live component loaded (by control name). */
  initialValues?: Record<string, string>;
  /** performance.now() when the markup was first shown (for a form's minimum fill time). */
  openedAt?: number;
};

type IslandProps = {
  /** Unique on the page: finds the server's markup again in the browser (`data-island`). */
  id: string;
  /** The live component, loaded with a dynamic import() on first use, so it is not part of the page's first load. */
  load: () => Promise<ComponentType<LiveProps>>;
  /** Server build only: the component rendered into the HTML, from a `*.server` module (a stub in the browser). */
  server: ReactNode;
  /** Shown if the code cannot load while the visitor is sending the form (offline, say). */
  failure: ToastOptions;
  /** Checked once in the browser: load at once (the URL pre-fills the form, say). */
  loadAtOnce?: () => boolean;
  className?: string;
};

type Live = { Component: ComponentType<LiveProps>; props: LiveProps };
/** What the visitor did before the code arrived, done again once on the live component. */
type Held = { submit: boolean; button: number | null };
const NOTHING_HELD: Held = { submit: false, button: null };

/**
 * Each island's loading state, by id, outside React. Hydration runs in a transition (time-sliced), so the visitor can
 * press Send on an island React has rendered but not yet committed; a render that is not committed is thrown away with
 * its refs and state. Kept here, the held submit and the loaded code reach whichever instance commits (issue #15.4).
 */
type Activation = {
  held: Held;
  loading: boolean;
  live: Live | null;
  show: ((live: Live) => void) | null;
  /** The values a reset goes back to (comes with the component's code). */
  pristineValues: (islandId: string) => Record<string, string>;
  /** Handover's capture and restore (comes with the component's code). */
  transfer: typeof import('./handover-transfer') | null;
};
const activations = new Map<string, Activation>();

function activationOf(id: string): Activation {
  let activation = activations.get(id);
  if (!activation) {
    activation = {
      held: { ...NOTHING_HELD },
      loading: false,
      live: null,
      show: null,
      pristineValues: () => ({}),
      transfer: null,
    };
    activations.set(id, activation);
  }
  return activation;
}

const islandElement = (id: string) => document.querySelector<HTMLElement>(`[data-island="${CSS.escape(id)}"]`);

const controlsOf = (root: HTMLElement | null) =>
  Array.from(root?.querySelectorAll<HTMLInputElement>('input, select, textarea') ?? []);

/** What was typed or chosen in the markup, by control name (unchecked boxes and radios left out). */
function typedValues(root: HTMLElement | null) {
  const values: Record<string, string> = {};
  for (const control of controlsOf(root)) {
    if (!control.name || ((control.type === 'radio' || control.type === 'checkbox') && !control.checked)) continue;
    values[control.name] = control.value;
  }
  return values;
}

/**
 * The one wrapper for interactive parts that cost no JavaScript until used (docs/decisions/0025). The server renders
 * the real component into the HTML, so it reads and works as plain HTML before any script runs. In the browser only
 * this wrapper hydrates, keeping that markup as it is; the component's code loads on the first focus, pointer press
 * or submit inside it (at once with `loadAtOnce`, after client-side navigation, or when the focus is already inside).
 * The live component then replaces the markup inside the app's tree (it has the app's contexts), starting from what
 * was typed, with the focus where it was; a submit or button press made before then is done again, once.
 */
export function Island({ id, load, server, failure, loadAtOnce, className }: IslandProps) {
  const submission = useRenderContext()?.submission ?? null;
  const containerRef = useRef<HTMLDivElement>(null);
  // The markup the server sent, read once before hydration touches it (absent after client-side navigation).
  const [html] = useState(() => (import.meta.env.SSR ? null : (islandElement(id)?.innerHTML ?? null)));
  const [live, setLive] = useState<Live | null>(null);
  const activate = useActivation({ id, load, failure, loadAtOnce, html, containerRef, setLive });
  useReplayHeldPress(id, live, containerRef);

  if (import.meta.env.SSR) {
    return (
      <div data-island={id} className={className}>
        {withSubmittedValues(server, submission, id)}
      </div>
    );
  }
  // One element type in every branch, inside Handover: the swap from markup to live component is one commit, in which
  // Handover carries over what the visitor typed since the code arrived, and the focus (issue #23.2).
  let body: ReactNode;
  if (live) {
    body = (
      <div
        ref={containerRef}
        data-island={id}
        data-live=""
        className={className}
        // After a successful send the form is reset: what was typed before it went live must not come back.
        onReset={() =>
          setLive(
            (current) =>
              current && {
                ...current,
                props: { ...current.props, initialValues: activationOf(id).pristineValues(id) },
              },
          )
        }
      >
        <live.Component {...live.props} />
      </div>
    );
  } else if (html === null) {
    body = (
      <div ref={containerRef} data-island={id} className={className}>
        <p role="status">Loading the form...</p>
      </div>
    );
  } else {
    body = (
      // Delegation only: the events come from the markup's own fields and buttons, which carry the keyboard support.
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
      <div
        ref={containerRef}
        data-island={id}
        className={className}
        onFocus={activate}
        onPointerDown={activate}
        onSubmit={(event) => {
          // Held, never sent twice: no native post now, one enhanced submit once the code is here.
          event.preventDefault();
          activationOf(id).held.submit = true;
          activate();
        }}
        onClick={(event) => {
          const button = (event.target as HTMLElement).closest('button');
          if (!button || button.type === 'submit' || !containerRef.current) return;
          activationOf(id).held.button = Array.from(containerRef.current.querySelectorAll('button')).indexOf(button);
          activate();
        }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  return (
    <Handover live={live !== null} container={() => islandElement(id)} transfer={activationOf(id).transfer}>
      {body}
    </Handover>
  );
}

type ActivationInput = Pick<IslandProps, 'id' | 'load' | 'failure' | 'loadAtOnce'> & {
  html: string | null;
  containerRef: RefObject<HTMLDivElement | null>;
  setLive: (live: Live) => void;
};

/**
 * Loads the island's code once, on first use (or at once, see `Island`), and shows the live component when it is
 * here; answers the function that starts it. A failed load drops what was held and says so if a send was waiting.
 */
function useActivation({ id, load, failure, loadAtOnce, html, containerRef, setLive }: ActivationInput) {
  const { toast } = useToast();
  const openedAt = useRef(0);

  const activate = () => {
    const activation = activationOf(id);
    if (activation.loading) return;
    activation.loading = true;
    // The form-reset and hand-over helpers come with the component's code, not with the page (only needed once live).
    Promise.all([load(), import('./pristine-values'), import('./handover-transfer')]).then(
      ([Component, pristine, transfer]) => {
        activation.transfer = transfer;
        if (html !== null) pristine.rememberPristine(id, html);
        activation.pristineValues = pristine.pristineInitialValues;
        // The DOM element, not a ref: the instance that started loading may never have been committed. These values
        // start the live component's state; what is typed until it replaces the markup is handed over then (Handover).
        const container = islandElement(id);
        activation.live = { Component, props: { initialValues: typedValues(container), openedAt: openedAt.current } };
        activation.show?.(activation.live);
      },
      () => {
        activation.loading = false;
        // Nothing is sent and nothing is replayed later: the visitor is told, and can try again.
        if (activation.held.submit) toast(failure);
        activation.held = { ...NOTHING_HELD };
      },
    );
  };

  useEffect(() => {
    // Markup shown by client-side navigation starts afresh: nothing held from an earlier visit to the page.
    if (html === null) activations.delete(id);
    const activation = activationOf(id);
    activation.show = setLive;
    // Loaded while this instance was still being hydrated (an uncommitted render started it): take it over now.
    if (activation.live) activation.show(activation.live);
    // Markup from the server could be read and typed into from the first paint, before any script ran: its time
    // counts from the navigation start (performance.now()'s origin). Markup shown by client-side navigation, from now.
    openedAt.current = html === null ? performance.now() : 0;
    const focusedBeforeHydration = containerRef.current?.contains(document.activeElement) ?? false;
    // A submit the boot script held before hydration (a form that cannot post natively): sent once live.
    const heldForm = containerRef.current?.querySelector(`form[${EARLY_SUBMIT_ATTRIBUTE}]`);
    if (heldForm?.id && takeEarlyClick(heldForm.id)) activation.held.submit = true;
    if (html === null || loadAtOnce?.() || focusedBeforeHydration || activation.held.submit) activate();
    return () => {
      if (activation.show === setLive) activation.show = null;
      // Used and gone (the page changed): a later mount of this id starts afresh.
      if (activation.live) activations.delete(id);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the island mounts
  }, []);

  return activate;
}

/**
 * Once the live component is in place (Handover has put back what was typed and the focus), and only once: replays a
 * submit (or a plain button press). The held state is cleared first, so a later render (a reset) replays nothing.
 */
function useReplayHeldPress(id: string, live: Live | null, containerRef: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    if (!live) return;
    const activation = activationOf(id);
    const { submit, button } = activation.held;
    activation.held = { ...NOTHING_HELD };
    const container = containerRef.current;
    if (submit) container?.querySelector('form')?.requestSubmit();
    else if (button !== null) {
      const target = container?.querySelectorAll('button')[button];
      if (target && target.type !== 'submit') target.click();
    }
  }, [live, id, containerRef]);
}

/** On the server, answering this island's plain HTML post with the page again: the form keeps what was sent. */
function withSubmittedValues(server: ReactNode, submission: FormSubmission | null, id: string) {
  if (!submission || submission.form !== id || !isValidElement<LiveProps>(server)) return server;
  return cloneElement(server, { initialValues: submission.values });
}
