import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's const enum can't be imported under verbatimModuleSyntax.
const ARGON2ID = 2;

/** argon2id with the OWASP-recommended minimum (19 MiB, 2 passes); runs on libuv's thread pool, off the event loop. */
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verified against when the email is unknown, so a missing account takes as long as a wrong password.
const dummyHash = hash('not-a-real-password', options);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
