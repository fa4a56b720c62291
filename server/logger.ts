export type LogLevel = 'silent' | 'error' | 'info';
/** Non-personal fields; `err` takes an Error, whose message and stack are kept. */
export type LogFields = Record<string, unknown>;

export type Logger = {
  info: (message: string, fields?: LogFields) => void;
  error: (message: string, fields?: LogFields) => void;
};

const rank: Record<LogLevel, number> = { silent: 0, error: 1, info: 2 };

/**
 * One JSON object per line on stdout/stderr. Callers pass only non-personal fields:
 * no tokens, passwords, full e-mail addresses or message text.
 */
export function createLogger(level: LogLevel = 'info', write = (line: string, isError: boolean) => (isError ? process.stderr : process.stdout).write(`${line}\n`)): Logger {
  const emit = (lineLevel: Exclude<LogLevel, 'silent'>, message: string, fields?: LogFields) => {
    if (rank[lineLevel] > rank[level]) return;
    const { err, ...rest } = fields ?? {};
    const errorFields = err === undefined ? {} : { err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err) };
    write(JSON.stringify({ time: new Date().toISOString(), level: lineLevel, msg: message, ...rest, ...errorFields }), lineLevel === 'error');
  };
  return {
    info: (message, fields) => emit('info', message, fields),
    error: (message, fields) => emit('error', message, fields),
  };
}

/** Masks an e-mail for logs: a***@example.com. */
export const maskEmail = (email: string) => email.replace(/^(.).*(@.*)$/, '$1***$2');
