/**
 * The provider modules as the messaging layer uses them: the driver carrying each phone channel, and the webhook of
 * each provider whose callbacks can be checked.
 */
import type { Env } from '../../env';
import { driverChannel } from '../messaging-settings';
import type { MessagingDriver, PhoneChannel, ProviderName, ProviderWebhook } from '../messaging-types';
import { africasTalkingWebhook, createAfricasTalkingDriver } from './africastalking';
import type { ProviderSettings } from './provider-settings';
import { createTermiiDriver, termiiWebhook } from './termii';
import { createWhatsAppDriver, whatsAppWebhook } from './whatsapp-cloud';

type MessagingEnv = Pick<
  Env,
  | 'MESSAGING_DRIVER'
  | 'TERMII_API_KEY'
  | 'TERMII_SENDER_ID'
  | 'TERMII_BASE_URL'
  | 'TERMII_SECRET_KEY'
  | 'AT_USERNAME'
  | 'AT_API_KEY'
  | 'AT_SENDER_ID'
  | 'AT_BASE_URL'
  | 'AT_WEBHOOK_TOKEN'
  | 'WHATSAPP_ACCESS_TOKEN'
  | 'WHATSAPP_PHONE_NUMBER_ID'
  | 'WHATSAPP_GRAPH_URL'
  | 'WHATSAPP_APP_SECRET'
  | 'WHATSAPP_VERIFY_TOKEN'
>;

/**
 * The named settings, or an error naming the missing one. loadEnv already refuses a driver without its settings;
 * this keeps an env built some other way (a test, a tool) from sending with half a configuration.
 */
function settingsFor<K extends keyof MessagingEnv>(env: MessagingEnv, names: readonly K[]): ProviderSettings<K> {
  const picked: Partial<ProviderSettings<K>> = {};
  for (const name of names) {
    const value = env[name];
    if (value === undefined || value === null || value === '') throw new Error(`${name} is not set`);
    picked[name] = value;
  }
  return picked as ProviderSettings<K>;
}

type PhoneProvider = Exclude<ProviderName, 'sink'>;

const driverFactories: Record<PhoneProvider, (env: MessagingEnv, fetchImpl?: typeof fetch) => MessagingDriver> = {
  termii: (env, fetchImpl) =>
    createTermiiDriver(settingsFor(env, ['TERMII_API_KEY', 'TERMII_SENDER_ID', 'TERMII_BASE_URL']), fetchImpl),
  africastalking: (env, fetchImpl) =>
    createAfricasTalkingDriver(
      { ...settingsFor(env, ['AT_USERNAME', 'AT_API_KEY', 'AT_BASE_URL']), AT_SENDER_ID: env.AT_SENDER_ID },
      fetchImpl,
    ),
  whatsapp: (env, fetchImpl) =>
    createWhatsAppDriver(
      settingsFor(env, ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_GRAPH_URL']),
      fetchImpl,
    ),
};

/** The driver of each channel MESSAGING_DRIVER names one for; a channel without one is absent (the sink takes it). */
export function createDrivers(
  env: MessagingEnv,
  fetchImpl?: typeof fetch,
): Partial<Record<PhoneChannel, MessagingDriver>> {
  const drivers: Partial<Record<PhoneChannel, MessagingDriver>> = {};
  for (const name of env.MESSAGING_DRIVER) {
    if (name === 'sink') continue;
    drivers[driverChannel[name]] = driverFactories[name](env, fetchImpl);
  }
  return drivers;
}

/**
 * The webhook of each provider whose callback secret is set, whether or not it sends today: after a switch of
 * provider, the old one's late receipts still find their messages.
 */
export function createWebhooks(env: MessagingEnv): Partial<Record<PhoneProvider, ProviderWebhook>> {
  const webhooks: Partial<Record<PhoneProvider, ProviderWebhook>> = {};
  if (env.TERMII_SECRET_KEY) webhooks.termii = termiiWebhook({ TERMII_SECRET_KEY: env.TERMII_SECRET_KEY });
  if (env.AT_WEBHOOK_TOKEN) webhooks.africastalking = africasTalkingWebhook({ AT_WEBHOOK_TOKEN: env.AT_WEBHOOK_TOKEN });
  if (env.WHATSAPP_APP_SECRET && env.WHATSAPP_VERIFY_TOKEN)
    webhooks.whatsapp = whatsAppWebhook({
      WHATSAPP_APP_SECRET: env.WHATSAPP_APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: env.WHATSAPP_VERIFY_TOKEN,
    });
  for (const name of env.MESSAGING_DRIVER)
    if (name !== 'sink' && !webhooks[name])
      throw new Error(`${name} is named in MESSAGING_DRIVER without its webhook secret`);
  return webhooks;
}
