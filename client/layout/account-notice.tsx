import { useSearch } from 'wouter';
import { ACCOUNT_NOTICE_ID, accountNoticeFor } from '../../shared/forms/account-forms';
import { SENT_QUERY } from '../../shared/forms/form-post';

/**
 * What an account form sent as a plain HTML post did (issue #15), on the page it was redirected to
 * (`?form=signup&sent=created`): the same words as the enhanced form's toast. Only known pairs are shown.
 */
export function AccountNotice() {
  const query = new URLSearchParams(useSearch());
  const notice = accountNoticeFor(query.get(SENT_QUERY.form), query.get(SENT_QUERY.reference));
  if (!notice) return null;
  return (
    <div className="app-container">
      <div className="app-notice" role="status" id={ACCOUNT_NOTICE_ID} tabIndex={-1}>
        <p className="app-notice__title">{notice.title}</p>
        <p>{notice.description}</p>
      </div>
    </div>
  );
}
