import type { Env } from '../../env';

/**
 * The named settings with the optional ones known to be set: what a provider module needs, as a type that tests
 * satisfy with a plain object and that createDrivers fills from a checked Env.
 */
export type ProviderSettings<K extends keyof Env> = { [P in K]-?: NonNullable<Env[P]> };
