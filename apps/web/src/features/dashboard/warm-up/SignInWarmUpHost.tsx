import { startTransition, useEffect, useMemo, useState, useSyncExternalStore, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { preloadable } from '../../../lib/preloadable';
import { paths } from '../../../paths';

const warmUpCode = preloadable(() => import('./SignInWarmUp'));

/** Where the warm-up renders: a node never attached to the document, so nobody sees, reads or reaches it. */
let detachedNode: HTMLElement | undefined;

/** True from Sign In on: a warm-up not yet rendered by then would only compete with the sign-in for the CPU. */
let signingIn = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Sign In was pressed: a warm-up still to come (or still rendering) is dropped. */
export function skipSignInWarmUp(): void {
  signingIn = true;
  for (const listener of listeners) listener();
}

/** How long /login is open before the warm-up may start (when the browser is idle). */
const WARM_UP_AFTER_MS = 1_000;

/** While the warm-up serves: on /login, and on the dashboard it prepared, until the person goes elsewhere. */
const SERVED = new Set<string>([paths.login, paths.home, paths.dashboard]);

/**
 * Renders SignInWarmUp (the screen after sign-in on made-up data, outside the document) once /login has been idle,
 * and keeps it mounted until the person leaves the dashboard, so antd's style cache keeps what it generated
 * (ARCHITECTURE.md D10). Only where the browser has requestIdleCallback (not in tests' jsdom).
 */
export function SignInWarmUpHost() {
  const { pathname } = useLocation();
  const [WarmUp, setWarmUp] = useState<ComponentType | null>(null);
  const skipped = useSyncExternalStore(subscribe, () => signingIn);
  const onLogin = pathname === paths.login;
  const served = SERVED.has(pathname);

  useEffect(() => {
    if (!onLogin || WarmUp || typeof window.requestIdleCallback !== 'function') return;
    let cancelled = false;
    let handle: number | undefined;
    // Not in /login's first second: someone whose browser filled the form in may press Sign In then, and a warm-up
    // rendering meanwhile only delays it (its work is dropped); typing the form takes longer than that.
    const timer = window.setTimeout(() => {
      handle = window.requestIdleCallback(() => {
        warmUpCode.load().then(
          ({ SignInWarmUp }) => {
            if (cancelled || signingIn) return;
            // A transition: rendered in slices, so typing on /login stays responsive meanwhile.
            startTransition(() => setWarmUp(() => SignInWarmUp));
          },
          () => undefined,
        );
      });
    }, WARM_UP_AFTER_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      if (handle !== undefined) window.cancelIdleCallback(handle);
    };
  }, [onLogin, WarmUp]);

  // The same element every time: the host re-renders as the route changes (to the dashboard after Sign In, when every
  // millisecond counts), the warm-up must not.
  const warmUp = useMemo(() => WarmUp && <Rendered component={WarmUp} />, [WarmUp]);

  if (!warmUp || !WarmUp || !served) return null;
  // Dropped when Sign In came first, unless it had already rendered (then it has done its work and holds the styles).
  if (skipped && !rendered.has(WarmUp)) return null;
  detachedNode ??= document.createElement('div');
  return createPortal(warmUp, detachedNode);
}

/** The warm-ups that have committed (a Sign In afterwards keeps them). */
const rendered = new WeakSet<ComponentType>();

function Rendered({ component: WarmUp }: { component: ComponentType }) {
  useEffect(() => void rendered.add(WarmUp), [WarmUp]);
  return <WarmUp />;
}
