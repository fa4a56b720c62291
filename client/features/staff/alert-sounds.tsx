/** 'Sounds' in the staff bar (issue #29): which alerts play a sound, saved on the server for this staff member. */
import {
  STAFF_ALERT_KINDS,
  STAFF_ALERT_LABELS,
  type StaffAlertKind,
  type StaffSoundSettings,
} from '../../../shared/staff-alerts';

export function AlertSounds({
  settings,
  failed,
  onChange,
}: {
  settings: StaffSoundSettings;
  failed: boolean;
  onChange: (kind: StaffAlertKind, on: boolean) => void;
}) {
  return (
    <details className="app-staff__sounds">
      <summary>Sounds</summary>
      <fieldset>
        <legend>Play a sound for</legend>
        {STAFF_ALERT_KINDS.map((kind) => (
          <label key={kind} className="app-staff__sound">
            <input
              type="checkbox"
              name={`sound-${kind}`}
              checked={settings[kind]}
              onChange={(event) => onChange(kind, event.target.checked)}
            />{' '}
            {STAFF_ALERT_LABELS[kind]}
          </label>
        ))}
        {failed ? <p role="alert">Your sound settings could not be saved. Please try again.</p> : null}
      </fieldset>
    </details>
  );
}
