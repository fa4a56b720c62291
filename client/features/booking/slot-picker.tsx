import { formatSlotDay, formatSlotTime, groupByDay } from '../../../shared/booking/free-slots';
import { FieldHintAndError, describedByIds } from '../../components/form/field-wrapper';
import '../../components/form/form.css';

/** A free time as the pages receive it: its start and end, epoch ms. */
export type SlotOption = { startsAt: number; endsAt: number };

type SlotPickerProps = {
  id: string;
  /** The form field the chosen start posts as (epoch ms, digits). */
  name?: string;
  legend: string;
  slots: readonly SlotOption[];
  hint?: string;
  error?: string;
  /** The start chosen before (a page answered with errors keeps it). */
  defaultValue?: string;
};

/**
 * Free times as radio buttons, one group per Lagos day (issue #28.2): plain HTML, so it works without JavaScript and
 * reads well on a small screen. The first radio carries `id`, so an error summary can link to the list.
 */
export function SlotPicker({ id, name = 'slot', legend, slots, hint, error, defaultValue }: SlotPickerProps) {
  const describedBy = describedByIds(id, hint, error);
  let index = 0;
  return (
    <div className={`app-field${error ? ' app-field--error' : ''}`}>
      <fieldset className="app-slot-picker" aria-describedby={describedBy}>
        <legend className="app-field__legend">{legend}</legend>
        <FieldHintAndError id={id} hint={hint} error={error} />
        {groupByDay(slots.map((slot) => ({ ...slot, clinicianIds: [] }))).map((day) => (
          <fieldset key={day.date} className="app-slot-picker__day">
            <legend className="app-slot-picker__date">{formatSlotDay(day.date)}</legend>
            <div className="app-slot-picker__times">
              {day.slots.map((slot) => {
                const inputId = index === 0 ? id : `${id}-${index}`;
                index++;
                return (
                  <label key={slot.startsAt} className="app-slot-picker__time">
                    <input
                      type="radio"
                      id={inputId}
                      name={name}
                      value={String(slot.startsAt)}
                      defaultChecked={defaultValue === String(slot.startsAt)}
                    />
                    <span>{formatSlotTime(slot.startsAt)}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      </fieldset>
    </div>
  );
}
