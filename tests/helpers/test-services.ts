import type { AppDatabase } from '../../server/db/database';
import type { Env } from '../../server/env';
import type { Logger } from '../../server/logger';
import type { RedisClients } from '../../server/redis/redis-clients';
import { createServices, type AppServices, type ServiceOverrides } from '../../server/services';

/**
 * The app's services as server/index.ts builds them, from the parts a test has at hand (createServices takes its
 * arguments in order; a test names them). What it passes besides db, env and logger replaces the built service.
 */
export const testServices = ({
  db,
  env,
  logger,
  redis,
  ...overrides
}: { db: AppDatabase; env: Env; logger: Logger; redis?: RedisClients } & ServiceOverrides): AppServices =>
  createServices(env, db, logger, redis, overrides);
