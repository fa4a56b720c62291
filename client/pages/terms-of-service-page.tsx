import { ServerContent } from '../rendering/server-content';
import { TermsOfServiceText } from './legal-text.server';

export default function TermsOfServicePage() {
  return (
    <ServerContent id="legal">
      <TermsOfServiceText />
    </ServerContent>
  );
}
