import { Router } from 'wouter';
import { ToastProvider } from '../components/toast/toast-provider';
import { SiteLayout } from '../layout/site-layout';
import { AppRoutes } from './routes';

type AppProps = {
  /** Set only when rendering on the server; the browser reads its own location. */
  ssrPath?: string;
};

export function App({ ssrPath }: AppProps) {
  return (
    <Router ssrPath={ssrPath}>
      <ToastProvider>
        <SiteLayout>
          <AppRoutes />
        </SiteLayout>
      </ToastProvider>
    </Router>
  );
}
