import { useEffect, useState } from 'react';
import { setPageAuthState } from '../../shared/auth-state';
import { useLocation } from 'wouter';
import { useToast } from '../components/toast/toast-provider';
import { AccountSettings } from '../features/auth/account-settings';
import { useSession } from '../features/auth/use-session';
import { Dashboard } from '../features/dashboard/dashboard';
import { trpc } from '../lib/trpc';
import { TrpcProvider } from '../lib/trpc-provider';
import { PageMeta } from '../layout/page-meta';
import { paths } from '../app/paths';
import { brand } from '../../shared/brand';
import { LOGGED_OUT_NOTICE } from '../../shared/forms/account-forms';
import type { QueryClient } from '@tanstack/react-query';
import type { PortalData } from '../../shared/render-result';
import { seedPortal, takePortalData } from '../features/dashboard/portal-data';

/**
 * /dashboard (spec sections 2, 4). Opened as a page, it is drawn on the server for the session (issue #15: readable
 * without JavaScript; no session → /signup there), and hydrates with the same data. Reached by client-side navigation,
 * it shows 'Loading Dashboard...' while the server checks the session; no session goes to /signup; a failed check
 * shows the 'Error' toast and also goes to /signup.
 */
export default function DashboardPage({ portal: fromServer }: { portal: PortalData | null }) {
  const [seed] = useState(() => {
    const portal = fromServer ?? (typeof document === 'undefined' ? null : takePortalData());
    return portal ? (queryClient: QueryClient) => seedPortal(queryClient, portal) : undefined;
  });
  return (
    <TrpcProvider seed={seed}>
      <DashboardScreen />
    </TrpcProvider>
  );
}

function DashboardScreen() {
  const session = useSession();
  const logOut = trpc.auth.logOut.useMutation();
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const [loggingOut, setLoggingOut] = useState(false);

  useEffect(() => {
    if (session.status === 'anonymous') navigate(paths.signup(), { replace: true });
    if (session.status === 'error') {
      toast({ title: 'Error', description: 'Could not fetch session', variant: 'destructive' });
      navigate(paths.signup(), { replace: true });
    }
  }, [session.status, navigate, toast]);

  // #settings is only on the page once the session is known: scroll to it then.
  useEffect(() => {
    if (session.status === 'authenticated' && window.location.hash === '#settings')
      document.getElementById('settings')?.scrollIntoView();
  }, [session.status]);

  const onLogOut = async () => {
    setLoggingOut(true);
    try {
      await logOut.mutateAsync();
      setPageAuthState(null);
      navigate(paths.home());
      toast({ title: LOGGED_OUT_NOTICE.title, description: LOGGED_OUT_NOTICE.description });
    } catch (error) {
      setLoggingOut(false);
      toast({
        title: 'Logout Failed',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    }
  };

  const logOutAndLeave = () => void onLogOut();

  return (
    <>
      <PageMeta title={`Dashboard - ${brand.name}`} description={`Your ${brand.name} patient dashboard.`} />
      {session.status === 'authenticated' ? (
        <Dashboard
          user={session.user}
          onLogOut={logOutAndLeave}
          loggingOut={loggingOut}
          settings={<AccountSettings />}
        />
      ) : (
        <div className="app-container app-dashboard-loading">
          <h1 className="app-visually-hidden">Dashboard</h1>
          <p role="status">Loading Dashboard...</p>
        </div>
      )}
    </>
  );
}
