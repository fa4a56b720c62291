import { useEffect, useRef, type ComponentType, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { ServerContent } from './server-content';

type DeferredIslandProps<P extends object> = {
  /** ServerContent id: unique on the page. */
  id: string;
  /** Loads the interactive component with a dynamic import(), so its code is not part of the page's first load. */
  load: () => Promise<ComponentType<P>>;
  /** The props the component is hydrated with (read once, when the island activates). */
  props: P;
  /** The same component rendered on the server only: `import.meta.env.SSR ? <Form {...props} /> : null`. */
  children: ReactNode;
  className?: string;
};

/** Calls onReady once the island's tree has committed. Renders no element of its own. */
function Ready({ onReady, children }: { onReady: () => void; children: ReactNode }) {
  useEffect(onReady, [onReady]);
  return children;
}

/**
 * An interactive island whose JavaScript loads on first use, to keep pages within
 * the JS budget. The server renders the component to HTML (through ServerContent);
 * the first focus, pointer press or submit inside it loads the component and
 * hydrates that markup as its own React root, so the fields, their values and the
 * focus stay as they are. A submit or button press that arrives before then is
 * held and replayed. The island has no access to the app's contexts (toasts,
 * router): pass what it needs as props.
 */
export function DeferredIsland<P extends object>({ id, load, props, children, className }: DeferredIslandProps<P>) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const island = useRef<{
    root?: Root;
    hydrated?: boolean;
    pending?: Promise<void>;
    heldSubmit?: HTMLFormElement;
    heldClick?: HTMLButtonElement;
  }>({});
  const propsRef = useRef(props);
  useEffect(() => {
    propsRef.current = props;
  });

  useEffect(() => {
    const current = island.current;
    return () => {
      const root = current.root;
      // Unmount after the page's own commit (React forbids it during one).
      if (root) window.setTimeout(() => root.unmount());
    };
  }, []);

  const activate = () => {
    const current = island.current;
    current.pending ??= load()
      .then(
        (Component) =>
          new Promise<void>((resolve) => {
            const host = wrapperRef.current?.querySelector<HTMLElement>(`[data-server-content="${CSS.escape(id)}"]`);
            if (!host) return resolve();
            current.root = hydrateRoot(
              host,
              <Ready onReady={resolve}>
                <Component {...propsRef.current} />
              </Ready>,
            );
          }),
      )
      .then(() => {
        current.hydrated = true;
        const { heldSubmit: form, heldClick: button } = current;
        current.heldSubmit = current.heldClick = undefined;
        if (form?.isConnected) form.requestSubmit();
        else if (button?.isConnected) button.click();
      });
    return current.pending;
  };

  const onSubmit = (event: FormEvent<HTMLDivElement>) => {
    if (island.current.hydrated) return;
    event.preventDefault();
    island.current.heldSubmit = event.target as HTMLFormElement;
    void activate();
  };

  // A plain button pressed before hydration is clicked again once its handler exists.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const button = (event.target as HTMLElement).closest('button');
    if (island.current.hydrated || !button || button.type === 'submit') return;
    island.current.heldClick = button;
    void activate();
  };

  return (
    // Delegation only: the events come from the form's own fields and buttons, which carry the keyboard support.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      ref={wrapperRef}
      className={className}
      onFocus={() => void activate()}
      onPointerDown={() => void activate()}
      onSubmit={onSubmit}
      onClick={onClick}
    >
      <ServerContent id={id}>{children}</ServerContent>
    </div>
  );
}
