/** Shown in a form when the server answers 503 (database busy or full): what was typed stays in the form. */
export const SERVICE_BUSY_MESSAGE =
  'Our service is busy right now. Your answers are still here: please try again in a few seconds.';
