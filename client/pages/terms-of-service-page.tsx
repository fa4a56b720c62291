import { LegalDocument } from '../components/legal-document';
import { ServerContent } from '../components/server-content';
import { legalPages } from '../content/legal-pages';

export default function TermsOfServicePage() {
  return (
    <ServerContent id="legal">
      {import.meta.env.SSR ? <LegalDocument page={legalPages['terms-of-service']} /> : null}
    </ServerContent>
  );
}
