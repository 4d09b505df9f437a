import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store for a secret token: its SHA-256, so the table alone never grants access. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
