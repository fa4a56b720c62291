/**
 * The honeypot: a field people never see or reach (off-screen, out of the tab
 * order, hidden from assistive technology) that simple bots fill in.
 */
export function BotTrap({ idPrefix }: { idPrefix: string }) {
  return (
    <div className="app-form__trap" aria-hidden="true">
      <label htmlFor={`${idPrefix}-website`}>Leave this field empty</label>
      <input id={`${idPrefix}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
