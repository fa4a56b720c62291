import type { ReactNode } from 'react';

type TitledSectionProps = {
  /** Prefix of the heading's id (`{id}-heading`), which names the section for assistive technology. */
  id: string;
  heading: ReactNode;
  intro?: ReactNode;
  tinted?: boolean;
  /** Also give the section the id itself, as a link target (/resources#news). */
  anchor?: boolean;
  children: ReactNode;
};

/** A page section with a centred h2 title inside the page container. */
export function TitledSection({ id, heading, intro, tinted, anchor, children }: TitledSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={anchor ? id : undefined}
      className={`app-section${tinted ? ' app-section--tinted' : ''}`}
      aria-labelledby={headingId}
    >
      <div className="app-container">
        <h2 id={headingId} className="app-section__title">
          {heading}
        </h2>
        {intro ? <p className="app-section__intro">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
