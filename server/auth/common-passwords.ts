import fs from 'node:fs';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common and easy to guess. Please choose a different one.';

/** Lower-cased entries of server/auth/common-passwords.txt, read once at start. */
let list: Set<string> | undefined;

export function commonPasswords(): Set<string> {
  list ??= new Set(
    fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.toLowerCase()),
  );
  return list;
}

/** True for passwords in the bundled list of the most used ones (compared without regard to case). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}
