/**
 * The header the client sets, with the value '1', on a request no person asked for (the staff app's poll of the
 * new-request count). The server checks the session but does not extend it, so an open tab alone still reaches the
 * staff idle limit (issue #24.3).
 */
export const BACKGROUND_REQUEST_HEADER = 'x-background';
