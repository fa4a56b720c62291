import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../server/env';
import {
  appEnvLines,
  fakeCredentialsFrom,
  FAKE_CREDENTIAL_DEFAULTS,
} from '../../../server/messaging/fake-provider/fake-provider-settings';

const asEnv = (lines: string[]) => Object.fromEntries(lines.map((line) => line.split(/=(.*)/s).slice(0, 2)));

describe('the env lines the fake prints', () => {
  it("pass the app's own start-up checks and point every provider at the fake", () => {
    const lines = appEnvLines('http://127.0.0.1:4010', FAKE_CREDENTIAL_DEFAULTS);
    expect(lines.every((line) => /^[A-Z_]+=\S+$/.test(line))).toBe(true);
    const env = loadEnv(asEnv(lines));
    expect(env).toMatchObject({
      MESSAGING_DRIVER: ['termii', 'whatsapp'],
      TERMII_BASE_URL: 'http://127.0.0.1:4010',
      AT_BASE_URL: 'http://127.0.0.1:4010',
      WHATSAPP_GRAPH_URL: 'http://127.0.0.1:4010/v21.0',
      TERMII_API_KEY: FAKE_CREDENTIAL_DEFAULTS.TERMII_API_KEY,
      WHATSAPP_PHONE_NUMBER_ID: FAKE_CREDENTIAL_DEFAULTS.WHATSAPP_PHONE_NUMBER_ID,
    });
  });

  it("also start the app with Africa's Talking carrying SMS", () => {
    const env = asEnv(appEnvLines('http://127.0.0.1:4010', FAKE_CREDENTIAL_DEFAULTS));
    expect(loadEnv({ ...env, MESSAGING_DRIVER: 'africastalking,whatsapp' }).MESSAGING_DRIVER).toEqual([
      'africastalking',
      'whatsapp',
    ]);
  });
});

describe('fakeCredentialsFrom', () => {
  it("takes the app's env names where set and the local defaults elsewhere", () => {
    const credentials = fakeCredentialsFrom({ TERMII_API_KEY: 'from-env', AT_API_KEY: '  ', UNRELATED: 'x' });
    expect(credentials).toEqual({ ...FAKE_CREDENTIAL_DEFAULTS, TERMII_API_KEY: 'from-env' });
  });
});
