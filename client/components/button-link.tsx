import type { ReactNode } from 'react';
import { AppLink } from './app-link';

type ButtonLinkProps = {
  href: string;
  variant?: 'primary' | 'secondary' | 'ghost';
  children: ReactNode;
  className?: string;
};

/** A link styled as a button: navigation stays a link for assistive technology. */
export function ButtonLink({ href, variant = 'primary', children, className }: ButtonLinkProps) {
  return (
    <AppLink href={href} className={`app-button app-button--${variant}${className ? ` ${className}` : ''}`}>
      {children}
    </AppLink>
  );
}
