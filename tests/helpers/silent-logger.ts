/** A logger that drops every line: the tests that use it check behaviour, not logs. */
export const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
