import { useRef } from 'react';
import { newIdempotencyKey } from './idempotency';

/**
 * The idempotency key of one submission of a money form: the same values sent again (a retry after a failure or a
 * lost answer) reuse it, so the server applies the movement once; anything changed is a new movement.
 */
export function useSubmissionKey() {
  const last = useRef<{ values: string; key: string } | null>(null);
  return {
    keyFor(values: object): string {
      const serialised = JSON.stringify(values);
      if (last.current?.values !== serialised) last.current = { values: serialised, key: newIdempotencyKey() };
      return last.current.key;
    },
    reset() {
      last.current = null;
    },
  };
}
