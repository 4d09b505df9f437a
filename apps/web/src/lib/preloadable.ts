import { lazy, type ComponentType } from 'react';

/** A module loaded at most once, which a preload can start and whose module is known once it has arrived. */
export interface Preloadable<M> {
  /** Starts loading (once; again after a failure) and resolves with the module. */
  load(): Promise<M>;
  /** The module, once it has loaded. */
  loaded(): M | undefined;
}

export function preloadable<M>(importModule: () => Promise<M>): Preloadable<M> {
  let loading: Promise<M> | undefined;
  let module: M | undefined;
  return {
    load: () =>
      (loading ??= importModule().then(
        (arrived) => (module = arrived),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => module,
  };
}

type Loaded = { default: ComponentType };

/**
 * React.lazy of a module's named export that, once the module has loaded (a preload, an earlier visit), renders at
 * once instead of suspending: React.lazy suspends on a component's first render even then, and React 19 holds the
 * content of a Suspense boundary that showed its fallback for up to 300 ms, which after sign-in kept the dashboard
 * off the screen (ARCHITECTURE.md D10).
 */
export function lazyPreloadable<M, K extends keyof M & string>(code: Preloadable<M>, name: K) {
  return lazy((): Promise<Loaded> => {
    const module = code.loaded();
    // A thenable that calls back at once: React.lazy sees the component resolved in this very render.
    if (module)
      return {
        then: (resolve: (loaded: Loaded) => void) => resolve({ default: module[name] as ComponentType }),
      } as Promise<Loaded>;
    return code.load().then((arrived) => ({ default: arrived[name] as ComponentType }));
  });
}
