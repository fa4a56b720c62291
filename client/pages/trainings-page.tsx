import { CareersNoticePage } from '../features/careers/careers-notice';
import '../styles/catalogue.css';

/** /careers/trainings: the spec's status text and Back to Resources. */
export default function TrainingsPage() {
  return <CareersNoticePage kind="trainings" />;
}
