import { pino, type Logger as PinoLogger } from 'pino';

export type LogLevel = 'silent' | 'error' | 'warn' | 'info';
/** Non-personal fields; `err` takes an Error, whose type, message and stack are kept. */
export type LogFields = Record<string, unknown>;

export type Logger = {
  info: (message: string, fields?: LogFields) => void;
  /** Expected trouble under load (a busy queue refusing): worth watching, not a fault to investigate. */
  warn: (message: string, fields?: LogFields) => void;
  error: (message: string, fields?: LogFields) => void;
  /** The pino instance underneath, for pino-http; absent on hand-made test loggers. */
  readonly pino?: PinoLogger;
};

export type LoggerOptions = {
  /** Readable coloured lines (pino-pretty, a dev dependency) instead of JSON: `npm run dev` only. */
  pretty?: boolean;
};

export const REDACTED = '[redacted]';

// Personal data and secrets under any of these keys are replaced, at the top level, one level
// down (fields: { user: { email } }) and in request headers, so no caller has to remember it.
const sensitiveKeys = [
  'email',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'cookie',
  'authorization',
  'secret',
];
const sensitiveHeaders = ['cookie', 'authorization', '"set-cookie"', '"x-api-key"'];
export const redactPaths = [
  ...sensitiveKeys,
  ...sensitiveKeys.map((key) => `*.${key}`),
  ...sensitiveHeaders.flatMap((header) => [`headers.${header}`, `*.headers.${header}`]),
];

type WriteLine = (line: string, isError: boolean) => void;
const writeToStdio: WriteLine = (line, isError) => (isError ? process.stderr : process.stdout).write(`${line}\n`);

/**
 * One JSON object per line (pino): info and warn on stdout, errors on stderr. Callers pass only
 * non-personal fields (no tokens, passwords, full e-mail addresses or message text); the
 * redaction above is the safety net, not the rule. `write` lets tests collect the lines.
 */
export function createLogger(
  level: LogLevel = 'info',
  write: WriteLine = writeToStdio,
  options: LoggerOptions = {},
): Logger {
  const settings = {
    level,
    base: null,
    messageKey: 'msg',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    serializers: { err: pino.stdSerializers.err },
    redact: { paths: redactPaths, censor: REDACTED },
  };
  const instance = options.pretty
    ? pino(
        settings,
        pino.transport({
          target: 'pino-pretty',
          options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
        }),
      )
    : pino(
        settings,
        pino.multistream(
          [
            { level: 'info', stream: { write: (line: string) => write(line.replace(/\n$/, ''), false) } },
            { level: 'error', stream: { write: (line: string) => write(line.replace(/\n$/, ''), true) } },
          ],
          // Each line goes to the one stream of the highest level it reaches.
          { dedupe: true },
        ),
      );
  // The message goes first in the object so lines read "msg" before the fields, as before pino.
  return {
    info: (message, fields) => instance.info({ msg: message, ...fields }),
    warn: (message, fields) => instance.warn({ msg: message, ...fields }),
    error: (message, fields) => instance.error({ msg: message, ...fields }),
    pino: instance,
  };
}

/** Masks an e-mail for logs: a***@example.com. */
export const maskEmail = (email: string) => email.replace(/^(.).*(@.*)$/, '$1***$2');
