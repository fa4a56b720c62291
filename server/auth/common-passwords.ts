import { createRequire } from 'node:module';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common and easy to guess. Please choose a different one.';

/**
 * zxcvbn-ts's list of ~49,000 common passwords (MIT; a plain JSON array of strings) replaces the
 * hand-kept list (issue #11 asked for at least 10,000). Loaded on first use and kept: it is
 * read-only data, the same for every app in the process.
 */
const PASSWORD_LIST = '@zxcvbn-ts/language-common/src/passwords.json';

/** Local favourites the old hand-kept list had and the international list lacks. */
const LOCAL_COMMON_PASSWORDS = [
  'nigeria1',
  'nigeria123',
  'lagos123',
  'lagos2020',
  'naija123',
  'abuja123',
  'password@1',
  'jesus@123',
  'blessing1',
  'blessing123',
  'favour123',
  'godisgood1',
  'godwin123',
  'chinedu',
  'oluwaseun',
];

let list: ReadonlySet<string> | undefined;

export function commonPasswords(): ReadonlySet<string> {
  const entries = () => [...(createRequire(import.meta.url)(PASSWORD_LIST) as unknown[]), ...LOCAL_COMMON_PASSWORDS];
  list ??= new Set(entries().map((entry) => String(entry).trim().toLowerCase()));
  return list;
}

/** True for passwords in the list of the most used ones (compared without regard to case). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}
