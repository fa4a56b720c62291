import { ServerContent } from '../rendering/server-content';
import { PrivacyPolicyText } from './legal-text.server';

export default function PrivacyPolicyPage() {
  return (
    <ServerContent id="legal">
      <PrivacyPolicyText />
    </ServerContent>
  );
}
