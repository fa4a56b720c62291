import { ServerContent } from '../../rendering/server-content';
import { CareersNotice, type CareersNoticeKind } from './careers-notice.server';

/** The careers pages that only carry a status text (internships, trainings) and Back to Resources. */
export function CareersNoticePage({ kind }: { kind: CareersNoticeKind }) {
  return (
    <ServerContent id={kind}>
      <CareersNotice kind={kind} />
    </ServerContent>
  );
}
