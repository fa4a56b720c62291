import { ServerContent } from '../rendering/server-content';
import { HipaaComplianceText } from './legal-text.server';

export default function HipaaCompliancePage() {
  return (
    <ServerContent id="legal">
      <HipaaComplianceText />
    </ServerContent>
  );
}
