/**
 * The credentials the fake provider checks and signs with (issue #27). It reads the app's own env names, so one .env
 * serves both; each missing name falls back to a fixed local default, which the fake prints as env lines for the app.
 */

/** The env names the fake reads; each is also a setting of the app (server/env.ts). */
export const FAKE_CREDENTIAL_NAMES = [
  'TERMII_API_KEY',
  'TERMII_SENDER_ID',
  'TERMII_SECRET_KEY',
  'AT_USERNAME',
  'AT_API_KEY',
  'AT_SENDER_ID',
  'AT_WEBHOOK_TOKEN',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

export type FakeCredentialName = (typeof FAKE_CREDENTIAL_NAMES)[number];
export type FakeCredentials = Record<FakeCredentialName, string>;

/**
 * Local-only values, public on purpose: they must pass the app's checks at start-up (a sender ID of 11 characters at
 * most, an AT webhook token of 24+ characters, a phone-number ID of digits) and are worthless anywhere else.
 */
export const FAKE_CREDENTIAL_DEFAULTS: FakeCredentials = {
  TERMII_API_KEY: 'fake-termii-api-key',
  TERMII_SENDER_ID: 'IleraHealth',
  TERMII_SECRET_KEY: 'fake-termii-secret-key',
  AT_USERNAME: 'sandbox',
  AT_API_KEY: 'fake-africastalking-api-key',
  AT_SENDER_ID: 'IleraHealth',
  AT_WEBHOOK_TOKEN: 'fake-africastalking-webhook-token',
  WHATSAPP_ACCESS_TOKEN: 'fake-whatsapp-access-token',
  WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
  WHATSAPP_APP_SECRET: 'fake-whatsapp-app-secret',
  WHATSAPP_VERIFY_TOKEN: 'fake-whatsapp-verify-token',
};

export const FAKE_PROVIDER_DEFAULT_PORT = 4010;
export const FAKE_PROVIDER_DEFAULT_APP_URL = 'http://127.0.0.1:3000';
/** The Graph API version the printed WHATSAPP_GRAPH_URL names; the fake answers any vNN.N in the path. */
export const FAKE_GRAPH_VERSION = 'v21.0';

/** Each credential from `env` where set and not blank, else its local default. */
export function fakeCredentialsFrom(env: Record<string, string | undefined>): FakeCredentials {
  const credentials = { ...FAKE_CREDENTIAL_DEFAULTS };
  for (const name of FAKE_CREDENTIAL_NAMES) {
    const value = env[name]?.trim();
    if (value) credentials[name] = value;
  }
  return credentials;
}

/**
 * The lines to put in the app's env to send through the fake at `fakeUrl`, plain NAME=value so a shell can source
 * them. Termii carries SMS here because it is the gateway the issue names first;
 * MESSAGING_DRIVER=africastalking,whatsapp tries Africa's Talking with the same lines.
 */
export function appEnvLines(fakeUrl: string, credentials: FakeCredentials): string[] {
  return [
    'MESSAGING_DRIVER=termii,whatsapp',
    `TERMII_BASE_URL=${fakeUrl}`,
    `AT_BASE_URL=${fakeUrl}`,
    `WHATSAPP_GRAPH_URL=${fakeUrl}/${FAKE_GRAPH_VERSION}`,
    ...FAKE_CREDENTIAL_NAMES.map((name) => `${name}=${credentials[name]}`),
  ];
}
