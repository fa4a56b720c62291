import { CareersNoticePage } from '../features/careers/careers-notice';
import '../styles/catalogue.css';

/** /careers/internships: the spec's status text and Back to Resources. */
export default function InternshipsPage() {
  return <CareersNoticePage kind="internships" />;
}
