/** Server-only (*.server): the live stored form, rendered into the HTML by its page's island. */
export { StoredForm } from './stored-form';
