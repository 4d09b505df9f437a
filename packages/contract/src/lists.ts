/** Paged list answers (DESIGN §6). */
export interface ListMeta { total: number; current_page: number; per_page: number; last_page: number }
export interface ListResponse<T> { data: T[]; meta: ListMeta }
export interface ItemResponse<T> { data: T }
