import { paths } from '../app/paths';
import { AuthPage } from '../features/auth/auth-page';
import { SignUpLinks } from '../features/auth/auth-links.server';
import { brand } from '../../shared/brand';
import { SIGN_UP_FAILED_MESSAGE } from '../../shared/messages/auth-messages';
// The server renders the form into the HTML (a stub in the browser, which loads it on first use).
import { SignUpForm } from '../features/auth/auth-forms.server';

const loadForm = () => import('../features/auth/sign-up-form').then((module) => module.SignUpForm);

export default function SignupPage() {
  return (
    <AuthPage
      id="signup"
      title="Create Your Account"
      metaDescription={`Create a free ${brand.name} account to book care, follow your requests and keep your health information in one place.`}
      intro="Sign up to book care and follow your requests. We will email you a link to confirm your address."
      back={{ href: paths.home(), label: 'Back to Home' }}
      formLabel="Sign-up form"
      serverForm={SignUpForm}
      loadForm={loadForm}
      failure={{ title: 'Sign Up Failed', description: SIGN_UP_FAILED_MESSAGE }}
      links={<SignUpLinks />}
    />
  );
}
