import { PROVIDER_NAMES, type MessageChannel, type PhoneChannel, type ProviderName } from './messaging-types';

/** The channel each driver carries; the sink takes whatever no other driver does. */
export const driverChannel: Record<Exclude<ProviderName, 'sink'>, PhoneChannel> = {
  termii: 'sms',
  africastalking: 'sms',
  whatsapp: 'whatsapp',
};

const listOf = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** MESSAGING_DRIVER: known names, at most one per channel ('termii,africastalking' would leave SMS ambiguous). */
export function parseMessagingDrivers(value: string): ProviderName[] {
  const names = listOf(value);
  if (!names.length) throw new Error(`name at least one of ${PROVIDER_NAMES.join(', ')}`);
  const taken = new Map<PhoneChannel, string>();
  for (const name of names) {
    if (!(PROVIDER_NAMES as readonly string[]).includes(name))
      throw new Error(`'${name}' is not a driver: use ${PROVIDER_NAMES.join(', ')}`);
    if (name === 'sink') continue;
    const channel = driverChannel[name as Exclude<ProviderName, 'sink'>];
    const other = taken.get(channel);
    if (other) throw new Error(`${other} and ${name} both carry ${channel}: name one`);
    taken.set(channel, name);
  }
  return [...new Set(names)] as ProviderName[];
}

const CHANNELS: readonly MessageChannel[] = ['whatsapp', 'sms', 'email'];

/** MESSAGING_FALLBACK: channels in the order they are tried, each once. */
export function parseFallbackOrder(value: string): MessageChannel[] {
  const channels = listOf(value);
  if (!channels.length) throw new Error(`name at least one of ${CHANNELS.join(', ')}`);
  for (const channel of channels)
    if (!CHANNELS.includes(channel as MessageChannel))
      throw new Error(`'${channel}' is not a channel: use ${CHANNELS.join(', ')}`);
  if (new Set(channels).size !== channels.length) throw new Error('name each channel once');
  return channels as MessageChannel[];
}
