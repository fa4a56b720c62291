import type { ReactNode } from 'react';

type PageHeaderProps = { title: string; intro?: ReactNode; eyebrow?: string; children?: ReactNode };

/** The heading block every inner page starts with: one h1 per page. */
export function PageHeader({ title, intro, eyebrow, children }: PageHeaderProps) {
  return (
    <header className="app-page-header">
      <div className="app-container">
        {children}
        {eyebrow ? <p className="app-eyebrow">{eyebrow}</p> : null}
        <h1 className="app-page-header__title">{title}</h1>
        {intro ? <p className="app-page-header__intro">{intro}</p> : null}
      </div>
    </header>
  );
}
