import type { ComponentType, ReactNode } from 'react';
import { ServerContent } from '../../rendering/server-content';
import type { ToastOptions } from '../../components/toast/toast-provider';
import { Island, type LiveProps } from '../../rendering/island';
import { AuthIntro } from './auth-intro.server';
import './auth.css';

const OFFLINE = 'Could not reach our service. Check your internet connection and try again.';

type AuthPageProps = {
  /** Unique on the page; prefixes the ids of the server blocks and the form island. */
  id: string;
  /** The page's h1; the document title is '{title} - {brand}'. */
  title: string;
  metaDescription: string;
  intro: string;
  back: { href: string; label: string };
  /** Accessible name of the form's section. */
  formLabel: string;
  /** The form for the server's HTML (from a `.server` module: a stub in the browser) and the browser's loader. */
  serverForm: ComponentType<LiveProps>;
  loadForm: () => Promise<ComponentType<LiveProps>>;
  /** Shown if the form's code cannot load when the visitor sends it. */
  failure: Pick<ToastOptions, 'title'> & { description?: string };
  /** Links under the form, rendered on the server only: a component from a `.server` module. */
  links?: ReactNode;
};

/**
 * The template of the account pages (sign up, log in, forgot/reset password, confirm
 * e-mail): static parts are HTML only, the form is an island that loads on first use.
 */
export function AuthPage({
  id,
  title,
  metaDescription,
  intro,
  back,
  formLabel,
  serverForm: ServerForm,
  loadForm,
  failure,
  links,
}: AuthPageProps) {
  return (
    <>
      <ServerContent id={`${id}-intro`}>
        <AuthIntro title={title} metaDescription={metaDescription} intro={intro} back={back} />
      </ServerContent>
      <section className="app-section" aria-label={formLabel}>
        <div className="app-container">
          <div className="app-form-card app-auth">
            <Island
              id={id}
              load={loadForm}
              server={<ServerForm />}
              failure={{ title: failure.title, description: failure.description ?? OFFLINE, variant: 'destructive' }}
            />
          </div>
        </div>
        {links !== undefined ? (
          <div className="app-container">
            <ServerContent id={`${id}-links`} className="app-auth app-auth__links">
              {links}
            </ServerContent>
          </div>
        ) : null}
      </section>
    </>
  );
}
