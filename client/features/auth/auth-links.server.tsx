import { paths } from '../../app/paths';
import { AppLink } from '../../components/app-link';

/** The links under the log-in form (server-rendered HTML only). */
export function LogInLinks() {
  return (
    <>
      <p>
        <AppLink href={paths.forgotPassword()}>Forgot password?</AppLink>
      </p>
      <p>
        New here? <AppLink href={paths.signup()}>Create an account</AppLink>
      </p>
    </>
  );
}

/** The link under the sign-up form (server-rendered HTML only). */
export function SignUpLinks() {
  return (
    <p>
      Already have an account? <AppLink href={paths.login()}>Log in</AppLink>
    </p>
  );
}
