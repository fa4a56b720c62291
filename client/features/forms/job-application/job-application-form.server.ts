/** Server-only (*.server): the live form, rendered into the HTML by the island. */
export { JobApplicationLiveForm } from './job-application-live-form';
