/** A fresh key for one submission of a form that creates or moves money; a retry of that submission reuses it. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
