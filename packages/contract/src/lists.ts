/** Paged list answers (ARCHITECTURE.md D6). */
export interface ListMeta {
  total: number;
  current_page: number;
  per_page: number;
  last_page: number;
  /** Set when the matches were counted only up to `total` (a broad search over many transactions): there are more. */
  total_is_lower_bound?: true;
}

/** A transactions search counts its matches up to this many (counting every one of a million rows takes too long). */
export const EXPENSE_COUNT_LIMIT = 10_000;
export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}
export interface ItemResponse<T> {
  data: T;
}
