import '@tanstack/react-query';

/** Query and mutation meta the app understands. */
export interface AppQueryMeta extends Record<string, unknown> {
  /** Errors are handled where the call is made; no PRODUCT.md §8 notification. */
  silent?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}
