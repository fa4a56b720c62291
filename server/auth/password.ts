import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with OWASP's first recommended setting: 19 MiB memory, 2 iterations, 1 lane.
 * (@node-rs/argon2 uses Argon2id unless told otherwise; tests assert the $argon2id$ prefix.)
 */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
