import { Select } from '../../components/form/select';
import { paths } from '../../app/paths';

/**
 * The service whose free times the page shows (issue #28.2): a plain GET form, so it works without JavaScript; the
 * page is drawn again for `?service=`.
 */
export function ServicePicker({ services, chosen }: { services: readonly string[]; chosen: string | null }) {
  return (
    <form method="get" action={paths.bookAppointment()} className="app-booking__service" aria-label="Choose a service">
      <Select
        id="booking-service-choice"
        name="service"
        label="Service"
        placeholder="Select a service"
        options={services}
        defaultValue={chosen ?? ''}
      />
      <button type="submit" className="app-button app-button--secondary">
        Show free times
      </button>
    </form>
  );
}
