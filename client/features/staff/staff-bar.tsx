/**
 * The staff app's bar (issue #13): the navigation with the New count and the chat alerts (issue #29), who is signed in,
 * live state, sounds, log out.
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { setPageAuthState } from '../../../shared/auth-state';
import { brand } from '../../../shared/brand';
import { paths } from '../../app/paths';
import { useToast } from '../../components/toast/toast-provider';
import { trpc } from '../../lib/trpc';
import type { StaffMe } from './staff-context';
import type { LiveStatus } from './use-staff-live';
import { staffBookingPaths } from './booking-paths';

type NavLink = { href: string; label: string; badge?: number; badgeLabel?: string; current?: boolean };

export function StaffBar({
  me,
  newCount,
  chatAlerts,
  liveStatus,
  sounds,
}: {
  me: StaffMe;
  newCount: number;
  chatAlerts: number;
  liveStatus: LiveStatus;
  sounds: ReactNode;
}) {
  const [location] = useLocation();
  const links: NavLink[] = [
    {
      href: paths.staff(),
      label: 'Inbox',
      badge: newCount,
      badgeLabel: 'new',
      current: location === paths.staff() || location.startsWith('/staff/requests/'),
    },
    { href: staffBookingPaths.calendar(), label: 'Calendar' },
    { href: staffBookingPaths.availability(), label: 'Availability' },
    { href: paths.staffMessages(), label: 'Messages' },
    { href: paths.staffNewsletter(), label: 'Newsletter' },
    { href: paths.staffChats(), label: 'Chats', badge: chatAlerts, badgeLabel: 'alerts' },
    ...(me.role === 'admin'
      ? [
          { href: paths.staffTeam(), label: 'Team' },
          { href: paths.staffAudit(), label: 'Audit' },
        ]
      : []),
  ];
  return (
    <div className="app-staff__bar">
      <div className="app-staff__bar-inner">
        <p className="app-staff__brand">
          <Link href={paths.home()}>{brand.name}</Link> <span>Staff</span>
        </p>
        <StaffNav links={links} location={location} />
        <div className="app-staff__me">
          <span>
            {me.fullName} ({me.role})
          </span>
          <span className="app-staff__live" role="status">
            {liveStatus === 'live' ? 'Live' : liveStatus === 'offline' ? 'Reconnecting…' : 'Connecting…'}
          </span>
          {sounds}
          <LogOutButton />
        </div>
      </div>
    </div>
  );
}

function StaffNav({ links, location }: { links: NavLink[]; location: string }) {
  return (
    <nav aria-label="Staff">
      <ul className="app-staff__nav">
        {links.map((link) => {
          const current = link.current ?? location === link.href;
          return (
            <li key={link.href}>
              <Link href={link.href} className="app-staff__nav-link" aria-current={current ? 'page' : undefined}>
                {link.label}
                {link.badge ? (
                  <span className="app-staff__badge">
                    {link.badge}
                    <span className="app-visually-hidden"> {link.badgeLabel}</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function LogOutButton() {
  const [, navigate] = useLocation();
  const { toast } = useToast();
  const logOut = trpc.auth.logOut.useMutation({
    onSuccess: () => {
      setPageAuthState(null);
      navigate(paths.home());
    },
    onError: (error) => toast({ title: 'Logout Failed', description: error.message, variant: 'destructive' }),
  });
  return (
    <button
      type="button"
      className="app-button app-button--secondary"
      onClick={() => logOut.mutate()}
      disabled={logOut.isPending}
    >
      Log out
    </button>
  );
}
