import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  children: ReactNode;
};

const isExternal = (href: string) => /^(https?:|mailto:|tel:)/.test(href);

/**
 * Internal links go through the client router; external ones open as plain links.
 * A link to an anchor on the current page stays a native fragment link so the
 * browser scrolls to it (the router only reacts to path changes).
 */
export function AppLink({ href, children, ...rest }: AppLinkProps) {
  const [pathname] = useLocation();
  const [targetPath] = href.split('#');
  if (isExternal(href) || (href.includes('#') && (targetPath === '' || targetPath === pathname))) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} {...rest}>
      {children}
    </Link>
  );
}
