import type { ReactNode } from 'react';
import { AppLink } from './app-link';
import { Icon, type IconName } from './icon';

type FeatureCardProps = {
  title: string;
  description: string;
  icon?: IconName;
  /** Heading level inside the page outline. */
  headingLevel?: 2 | 3;
  link?: { href: string; label: string };
  children?: ReactNode;
};

/** The site's one card: icon, title, text and an optional call to action. */
export function FeatureCard({ title, description, icon, headingLevel = 3, link, children }: FeatureCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="app-card">
      {icon ? (
        <span className="app-card__icon">
          <Icon name={icon} />
        </span>
      ) : null}
      <Heading className="app-card__title">{title}</Heading>
      <p className="app-card__text">{description}</p>
      {children}
      {link ? (
        <AppLink href={link.href} className="app-card__link">
          {link.label}
          <span className="app-visually-hidden">: {title}</span>
          <Icon name="arrow-right" />
        </AppLink>
      ) : null}
    </article>
  );
}
