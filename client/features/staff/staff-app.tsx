/**
 * The staff app (issue #13): one navigation over the Inbox, the Newsletter list, the Chats console and, for admins,
 * Team and Audit. Session-only: anonymous visitors go to the log-in page and come back; patients see 'Staff only'.
 * One live '/staff' socket feeds the New count (navigation and tab title) and the open inbox or request.
 */
import { useQueryClient } from '@tanstack/react-query';
import { setPageAuthState } from '../../../shared/auth-state';
import { getQueryKey } from '@trpc/react-query';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Link, Route, Switch, useLocation, useSearch } from 'wouter';
import { brand } from '../../../shared/brand';
import { STAFF_ONLY_MESSAGE } from '../../../shared/messages/staff-messages';
import type { InboxRow } from '../../../shared/requests';
import { paths } from '../../app/paths';
import { useToast } from '../../components/toast/toast-provider';
import { PageMeta } from '../../layout/page-meta';
import { trpc } from '../../lib/trpc';
import { TrpcProvider } from '../../lib/trpc-provider';
import { useLatest } from '../../lib/use-latest';
import { InboxView } from './inbox-view';
import { NewsletterView } from './newsletter-view';
import { RequestView } from './request-view';
import { beep } from '../../lib/beep';
import { useNewRequestCount } from './use-new-request-count';
import { useStaffLive, type LiveStatus } from './use-staff-live';
import '../../components/form/form.css';
import './staff.css';

const TeamPanel = lazy(() => import('./team/team-panel').then((module) => ({ default: module.TeamPanel })));
const AuditPanel = lazy(() => import('./audit/audit-panel').then((module) => ({ default: module.AuditPanel })));

export type StaffMe = { id: number; fullName: string; role: 'patient' | 'agent' | 'admin' };
type LiveListener = { onNew?: (row: InboxRow) => void; onChanged?: (row: InboxRow) => void };

type StaffContextValue = {
  me: StaffMe;
  newCount: number;
  liveStatus: LiveStatus;
  /** Subscribes a view to live inbox changes; returns the unsubscribe function. */
  listen: (listener: LiveListener) => () => void;
};

const StaffContext = createContext<StaffContextValue | null>(null);

export function useStaff(): StaffContextValue {
  const value = useContext(StaffContext);
  if (!value) throw new Error('useStaff needs the staff app around it');
  return value;
}

/** The document title with the count of New requests first, e.g. '(3) Inbox · Staff'. */
export function StaffTitle({ title }: { title: string }) {
  const { newCount } = useStaff();
  const full = `${newCount ? `(${newCount}) ` : ''}${title} · Staff · ${brand.name}`;
  return <PageMeta title={full} description={`${brand.name} staff app.`} />;
}

/** `chats` is the support console, composed by the page (features do not import each other). */
export function StaffApp({ chats }: { chats: ReactNode }) {
  return (
    <TrpcProvider>
      <StaffGate chats={chats} />
    </TrpcProvider>
  );
}

function StaffGate({ chats }: { chats: ReactNode }) {
  const me = trpc.staff.me.useQuery();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const code = me.error?.data?.code;

  useEffect(() => {
    if (code === 'UNAUTHORIZED') navigate(paths.login(`${location}${search ? `?${search}` : ''}`), { replace: true });
  }, [code, location, search, navigate]);

  if (me.data) return <StaffShell me={me.data} chats={chats} />;
  if (code === 'FORBIDDEN') return <StaffOnly />;
  return (
    <section className="app-container app-section">
      <PageMeta title={`Staff · ${brand.name}`} description={`${brand.name} staff app.`} />
      <h1>Staff</h1>
      {me.isError && code !== 'UNAUTHORIZED' ? (
        <p role="alert">Could not check your access. Reload the page to try again.</p>
      ) : (
        <p role="status">Checking your access…</p>
      )}
    </section>
  );
}

/** What a signed-in patient sees on a staff address. */
export function StaffOnly() {
  return (
    <section className="app-container app-section">
      <PageMeta title={`Staff only · ${brand.name}`} description={STAFF_ONLY_MESSAGE} />
      <h1>Staff only</h1>
      <p>{STAFF_ONLY_MESSAGE}</p>
      <p>
        <Link href={paths.home()}>Go to the home page</Link> or <Link href={paths.dashboard()}>your dashboard</Link>.
      </p>
    </section>
  );
}

const SOUND_KEY = 'app-staff-sound';

function StaffShell({ me, chats }: { me: StaffMe; chats: ReactNode }) {
  const queryClient = useQueryClient();
  const newCount = useNewRequestCount();
  const listeners = useRef(new Set<LiveListener>());
  const [sound, setSound] = useState(
    () => typeof localStorage !== 'undefined' && localStorage.getItem(SOUND_KEY) === 'on',
  );
  const soundRef = useLatest(sound);

  const refreshCount = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.staff.newCount) }),
    [queryClient],
  );
  const liveStatus = useStaffLive({
    onNew: (row) => {
      refreshCount();
      if (soundRef.current) beep(660);
      for (const listener of listeners.current) listener.onNew?.(row);
    },
    onChanged: (row) => {
      refreshCount();
      for (const listener of listeners.current) listener.onChanged?.(row);
    },
  });
  const listen = useCallback((listener: LiveListener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const toggleSound = (on: boolean) => {
    setSound(on);
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
    if (on) beep(660);
  };

  const context: StaffContextValue = { me, newCount: newCount.data ?? 0, liveStatus, listen };
  return (
    <StaffContext.Provider value={context}>
      <div className="app-staff">
        <StaffBar me={me} newCount={context.newCount} liveStatus={liveStatus} sound={sound} onSound={toggleSound} />
        <div className="app-staff__body">
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Switch>
              <Route path={paths.staff()} component={InboxView} />
              <Route path="/staff/requests/:id">{(params) => <RequestView id={Number(params.id)} />}</Route>
              <Route path={paths.staffNewsletter()} component={NewsletterView} />
              <Route path={paths.staffChats()}>{chats}</Route>
              <Route path={paths.staffTeam()}>
                {me.role === 'admin' ? <AdminPage panel={<TeamPanel />} /> : <AdminOnly />}
              </Route>
              <Route path={paths.staffAudit()}>
                {me.role === 'admin' ? <AdminPage panel={<AuditPanel />} /> : <AdminOnly />}
              </Route>
              <Route>
                <StaffTitle title="Not found" />
                <h1>Page not found</h1>
                <p>
                  <Link href={paths.staff()}>Go to the inbox</Link>
                </p>
              </Route>
            </Switch>
          </Suspense>
        </div>
      </div>
    </StaffContext.Provider>
  );
}

function AdminPage({ panel }: { panel: ReactNode }) {
  return <>{panel}</>;
}

function AdminOnly() {
  return (
    <>
      <StaffTitle title="Admins only" />
      <h1>Admins only</h1>
      <p>Only an admin can open this page.</p>
    </>
  );
}

function StaffBar({
  me,
  newCount,
  liveStatus,
  sound,
  onSound,
}: {
  me: StaffMe;
  newCount: number;
  liveStatus: LiveStatus;
  sound: boolean;
  onSound: (on: boolean) => void;
}) {
  const [location, navigate] = useLocation();
  const { toast } = useToast();
  const logOut = trpc.auth.logOut.useMutation({
    onSuccess: () => {
      setPageAuthState(null);
      navigate(paths.home());
    },
    onError: (error) => toast({ title: 'Logout Failed', description: error.message, variant: 'destructive' }),
  });
  const links = [
    {
      href: paths.staff(),
      label: 'Inbox',
      badge: newCount,
      current: location === paths.staff() || location.startsWith('/staff/requests/'),
    },
    { href: paths.staffNewsletter(), label: 'Newsletter' },
    { href: paths.staffChats(), label: 'Chats' },
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
                        <span className="app-visually-hidden"> new</span>
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="app-staff__me">
          <span>
            {me.fullName} ({me.role})
          </span>
          <span className="app-staff__live" role="status">
            {liveStatus === 'live' ? 'Live' : liveStatus === 'offline' ? 'Reconnecting…' : 'Connecting…'}
          </span>
          <label className="app-staff__sound">
            <input type="checkbox" checked={sound} onChange={(event) => onSound(event.target.checked)} /> Sound for new
            requests
          </label>
          <button
            type="button"
            className="app-button app-button--secondary"
            onClick={() => logOut.mutate()}
            disabled={logOut.isPending}
          >
            Log out
          </button>
        </div>
      </div>
    </div>
  );
}
