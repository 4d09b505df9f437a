import { useState } from 'react';

/** Whether `value` has ever been true: mount a lazy drawer on first open and keep it for its close animation. */
export function useHasBeenTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
