import { AppLink } from './app-link';
import { Icon } from './icon';

export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <AppLink href={href} className="app-back-link">
      <Icon name="chevron-left" />
      {label}
    </AppLink>
  );
}
