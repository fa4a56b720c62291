/**
 * The staff app (issue #13): one navigation over the Inbox, Messages (texts to patients, issue #27), the Newsletter
 * list, the Chats console and, for admins, Team and Audit. Session-only: anonymous visitors go to the log-in page and
 * come back; patients see 'Staff only'. One live '/staff' socket feeds the New count (navigation and tab title) and
 * the open inbox or request; the agent connection kept on every page raises the chat alerts (issue #29).
 */
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, Route, Switch, useLocation, useSearch } from 'wouter';
import { brand } from '../../../shared/brand';
import { STAFF_NEEDS_JAVASCRIPT_MESSAGE, STAFF_ONLY_MESSAGE } from '../../../shared/messages/staff-messages';
import { paths } from '../../app/paths';
import { PageMeta } from '../../layout/page-meta';
import { trpc } from '../../lib/trpc';
import { TrpcProvider } from '../../lib/trpc-provider';
import { InboxView } from './inbox/inbox-view';
import { MessagesView } from './messages/messages-view';
import { NewsletterView } from './newsletter/newsletter-view';
import { RequestView } from './request/request-view';
import type { ChatLinkHandlers } from '../../../shared/staff-alerts';
import { AlertSounds } from './alert-sounds';
import { HandedBackNotice } from './handed-back-notice';
import { StaffBar } from './staff-bar';
import { StaffContext, StaffTitle, type StaffMe } from './staff-context';
import { useStaffShell } from './use-staff-shell';
import '../../components/form/form.css';
import './staff.css';
import './desk.css';
import { staffBookingPaths } from './booking-paths';

const TeamPanel = lazy(() => import('./team/team-panel').then((module) => ({ default: module.TeamPanel })));
const AvailabilityPage = lazy(() =>
  import('./availability/availability-page').then((module) => ({ default: module.AvailabilityPage })),
);
const CalendarPage = lazy(() =>
  import('./calendar/calendar-page').then((module) => ({ default: module.CalendarPage })),
);
const AuditPanel = lazy(() => import('./audit/audit-panel').then((module) => ({ default: module.AuditPanel })));

/**
 * `chats` is the support console and `chatLink` the agent connection every staff page keeps (issue #29), both composed
 * by the page (features do not import each other).
 */
type StaffAppProps = { chats: ReactNode; chatLink: (handlers: ChatLinkHandlers) => ReactNode };

export function StaffApp(props: StaffAppProps) {
  return (
    <TrpcProvider>
      <StaffGate {...props} />
    </TrpcProvider>
  );
}

function StaffGate({ chats, chatLink }: StaffAppProps) {
  const me = trpc.staff.me.useQuery();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const code = me.error?.data?.code;

  useEffect(() => {
    if (code === 'UNAUTHORIZED') navigate(paths.login(`${location}${search ? `?${search}` : ''}`), { replace: true });
  }, [code, location, search, navigate]);

  if (me.data) return <StaffShell me={me.data} chats={chats} chatLink={chatLink} />;
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
      <noscript>
        <p>{STAFF_NEEDS_JAVASCRIPT_MESSAGE}</p>
      </noscript>
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

function StaffShell({ me, chats, chatLink }: StaffAppProps & { me: StaffMe }) {
  const { context, sounds, chat } = useStaffShell(me);
  return (
    <StaffContext.Provider value={context}>
      <Suspense fallback={null}>{chatLink(chat.handlers)}</Suspense>
      <div className="app-staff">
        <StaffBar
          me={me}
          newCount={context.newCount}
          chatAlerts={context.chatAlerts}
          liveStatus={context.liveStatus}
          sounds={
            <AlertSounds
              settings={sounds.settings}
              failed={sounds.failed}
              onChange={(kind, on) => sounds.change(kind, on)}
            />
          }
        />
        <div className="app-staff__body">
          <HandedBackNotice rooms={chat.handedBack} onDismiss={chat.dismissHandedBack} />
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Switch>
              <Route path={paths.staff()} component={InboxView} />
              <Route path="/staff/requests/:id">{(params) => <RequestView id={Number(params.id)} />}</Route>
              <Route path={staffBookingPaths.calendar()} component={CalendarPage} />
              <Route path={staffBookingPaths.availability()} component={AvailabilityPage} />
              <Route path={paths.staffNewsletter()} component={NewsletterView} />
              <Route path={paths.staffMessages()} component={MessagesView} />
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
