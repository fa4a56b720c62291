import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, commonPasswords, isCommonPassword } from '../../../server/auth/common-passwords';
import { hashPassword, verifyPassword } from '../../../server/auth/password';
import { createPasswordHasher } from '../../../server/auth/password-hasher';

describe('password hashing', () => {
  it('uses argon2id with 19 MiB, 2 iterations, 1 lane and a random salt', async () => {
    const first = await hashPassword('Akara-and-pap-9');
    const second = await hashPassword('Akara-and-pap-9');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'Akara-and-pap-9')).toBe(true);
    expect(await verifyPassword(first, 'akara-and-pap-9')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('verifies a dummy hash for unknown accounts, always false', async () => {
    const hasher = createPasswordHasher();
    expect(await hasher.verifyDummy('anything')).toBe(false);
    expect(await hasher.verifyDummy('not-a-real-account-password')).toBe(false);
  });
});

describe('common passwords', () => {
  it('holds at least 10,000 of the most used passwords (zxcvbn-ts list plus local ones), lower-cased', () => {
    const list = commonPasswords();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    for (const entry of [
      '123456',
      'password',
      'qwerty',
      'letmein',
      'trustno1',
      'sunshine',
      'dragon',
      'nigeria123',
      'naija123',
    ])
      expect(list.has(entry)).toBe(true);
    expect([...list].every((entry) => entry === entry.toLowerCase())).toBe(true);
  });

  it('refuses them without regard to case, accepts an uncommon passphrase', () => {
    for (const password of ['password', 'Password1', 'QWERTY123', 'iloveyou', '123456789', 'nigeria123'])
      expect(isCommonPassword(password)).toBe(true);
    expect(isCommonPassword('Buka-on-Allen-Avenue-42')).toBe(false);
    expect(COMMON_PASSWORD_MESSAGE).toBe(
      'This password is too common and easy to guess. Please choose a different one.',
    );
  });
});
