import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setPasswordConfirmer } from '../lib/http';

// The modal (antd Modal, Form, Typography) loads on the first 423, not with /login's first load (D10).
const ConfirmPasswordDialog = lazy(async () => ({
  default: (await import('./ConfirmPasswordDialog')).ConfirmPasswordDialog,
}));

/**
 * The one confirm-password modal (PRODUCT.md §8 423 'Please confirm your password to continue'). Mounted once with
 * the app's providers, it registers with the http client: any call answered 423 opens it, and the call is
 * made again once the password is confirmed. Cancel gives the caller the 423.
 */
export function PasswordConfirmation() {
  const [open, setOpen] = useState(false);
  // A new dialog (no earlier problem) at each opening; it stays mounted after closing, so it animates out as before.
  const [openings, setOpenings] = useState(0);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(
    () =>
      setPasswordConfirmer(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setOpenings((count) => count + 1);
            setOpen(true);
          }),
      ),
    [],
  );

  const finish = (confirmed: boolean) => {
    setOpen(false);
    settle.current?.(confirmed);
    settle.current = null;
  };

  if (openings === 0) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmPasswordDialog key={openings} open={open} finish={finish} />
    </Suspense>
  );
}
