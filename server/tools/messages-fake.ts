/**
 * `npm run messages:fake` (issue #27): a local stand-in for Termii, Africa's Talking and the WhatsApp Cloud API, so a
 * tester sees the whole loop on a laptop: the app sends, the fake shows the message at its page and posts a delivery
 * receipt, or a reply such as STOP, back to the app's webhooks. It prints the env lines the app needs to use it.
 */
import { parseArgs } from 'node:util';
import { startFakeProvider } from '../messaging/fake-provider/fake-provider';
import { envSetting } from '../env';
import {
  appEnvLines,
  FAKE_CREDENTIAL_NAMES,
  fakeCredentialsFrom,
  FAKE_PROVIDER_DEFAULT_APP_URL,
  FAKE_PROVIDER_DEFAULT_PORT,
} from '../messaging/fake-provider/fake-provider-settings';

const usage = `Usage: npm run messages:fake -- [--port N] [--host H] [--app-url URL] [--delay MS] [--manual]
                                [--fail-suffix DIGITS] [--fail-rate 0..1] [--print-env]
  --port         port to listen on (default FAKE_PROVIDER_PORT, else ${FAKE_PROVIDER_DEFAULT_PORT})
  --host         interface to listen on (default 127.0.0.1)
  --app-url      where the app listens, for receipts and replies (default APP_URL, else ${FAKE_PROVIDER_DEFAULT_APP_URL})
  --delay        milliseconds before each automatic receipt (default 1000)
  --manual       no automatic receipts: press Deliver or Fail on the page
  --fail-suffix  automatic receipts for numbers ending in these digits say 'failed' (default 0000; '' for none)
  --fail-rate    share of the other automatic receipts that say 'failed' (default 0)
  --print-env    print only the app's env lines and exit (set -a; . ./fake.env; set +a; npm start)
Credentials: the app's own names (TERMII_API_KEY, AT_API_KEY, WHATSAPP_ACCESS_TOKEN, …) when set, else local defaults.`;

function numberOption(value: string | undefined, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER) {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > max)
    throw new Error(`${name} must be a number from 0 to ${max}`);
  return number;
}

/** The command line and env, checked: a bad value throws with a message for the person who typed it. */
function readOptions() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'app-url': { type: 'string' },
      delay: { type: 'string' },
      manual: { type: 'boolean' },
      'fail-suffix': { type: 'string' },
      'fail-rate': { type: 'string' },
      'print-env': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const failSuffix = values['fail-suffix'] ?? '0000';
  if (!/^\d*$/.test(failSuffix)) throw new Error('--fail-suffix takes digits');
  const appUrl = URL.parse(values['app-url'] ?? envSetting('APP_URL') ?? FAKE_PROVIDER_DEFAULT_APP_URL)?.href;
  if (!appUrl) throw new Error('--app-url (or APP_URL) must be a URL such as http://127.0.0.1:3000');
  return {
    help: Boolean(values.help),
    printEnv: Boolean(values['print-env']),
    port: numberOption(
      values.port ?? String(envSetting('FAKE_PROVIDER_PORT')),
      '--port',
      FAKE_PROVIDER_DEFAULT_PORT,
      65535,
    ),
    host: values.host ?? '127.0.0.1',
    appUrl: appUrl.replace(/\/+$/, ''),
    autoDeliverMs: values.manual ? null : numberOption(values.delay, '--delay', 1000, 3_600_000),
    failSuffix,
    failRate: numberOption(values['fail-rate'], '--fail-rate', 0, 1),
  };
}

async function main() {
  let options: ReturnType<typeof readOptions>;
  try {
    options = readOptions();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    process.exit(64);
  }
  if (options.help) return void process.stdout.write(`${usage}\n`);
  // The app's own settings, checked as the app checks them: one .env serves both.
  const credentials = fakeCredentialsFrom(
    Object.fromEntries(FAKE_CREDENTIAL_NAMES.map((name) => [name, envSetting(name)])),
  );
  if (options.printEnv) {
    const shownHost = options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
    return void process.stdout.write(`${appEnvLines(`http://${shownHost}:${options.port}`, credentials).join('\n')}\n`);
  }
  const stamp = () => new Date().toISOString().slice(11, 19);
  const fake = await startFakeProvider({
    ...options,
    credentials,
    log: (line) => process.stdout.write(`${stamp()} ${line}\n`),
  });
  process.stdout.write(
    [
      `Fake messaging provider (Termii, Africa's Talking, WhatsApp Cloud API) at ${fake.url}/`,
      `Receipts and replies go to ${options.appUrl}/webhooks/…`,
      '',
      "Start the app with these lines in its env (or MESSAGING_DRIVER=africastalking,whatsapp for Africa's Talking):",
      '',
      ...appEnvLines(fake.url, credentials),
      '',
      'Ctrl-C stops the fake.',
      '',
    ].join('\n'),
  );
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
