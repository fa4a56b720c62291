/**
 * The plain HTML post of any form (issue #15): the field that names the form, and the query of the page a done post is
 * redirected to. No schema here, so the site's shell can read it without shipping zod.
 */
/** The hidden field that names the form in a native post. */
export const FORM_NAME_FIELD = 'formName';

/** Query parameters of the page a native post is redirected to after it was stored (Post/Redirect/Get). */
export const SENT_QUERY = { form: 'form', reference: 'sent' } as const;
/** A stored form's reference: its kind, then 5 characters without look-alikes (server/data/submissions.ts). */
export const REFERENCE_PATTERN = /^(SUB|JOB|ORD|APT|TRP)-[2-9A-HJKMNP-Z]{5}$/;
