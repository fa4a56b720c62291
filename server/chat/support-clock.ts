import {
  describeNextOpening,
  isWithinSupportHours,
  NIGERIA_PUBLIC_HOLIDAYS,
  parseSupportHours,
} from '../../shared/support-hours';
import type { Env } from '../env';

/** Office hours as the bot needs them (SUPPORT_HOURS, Africa/Lagos). */
export type SupportClock = {
  isOpen: (now: Date) => boolean;
  /** When the team is back, for people: 'tomorrow at 08:00'. */
  backAt: (now: Date) => string;
};

/** Office hours from SUPPORT_HOURS and the public holidays (with SUPPORT_HOLIDAYS added), in Lagos time. */
export function createSupportClock(env: Pick<Env, 'SUPPORT_HOURS' | 'SUPPORT_HOLIDAYS'>): SupportClock {
  const schedule = parseSupportHours(env.SUPPORT_HOURS);
  const holidays = [...NIGERIA_PUBLIC_HOLIDAYS, ...env.SUPPORT_HOLIDAYS];
  return {
    isOpen: (now) => isWithinSupportHours(schedule, holidays, now),
    backAt: (now) => describeNextOpening(schedule, holidays, now),
  };
}
