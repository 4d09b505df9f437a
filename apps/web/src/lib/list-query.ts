import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { ListMeta } from '@wallet/contract';
import { PAGE_SIZES } from '@wallet/contract';
import type { QueryParams } from './http';

/** Page, size, sort and filters of a server-side list (ARCHITECTURE.md D6 list conventions). */
export interface ListState {
  page: number;
  pageSize: number;
  /** e.g. 'name' or '-email'; undefined for the server's default. */
  sort?: string;
  filters: Record<string, string | undefined>;
}

/** The query string of a list call: page[number], page[size], sort and filter[...]. */
export function listQueryParams(state: ListState, extra: QueryParams = {}): QueryParams {
  const params: QueryParams = { 'page[number]': state.page, 'page[size]': state.pageSize, sort: state.sort, ...extra };
  for (const [name, value] of Object.entries(state.filters)) {
    if (value) params[`filter[${name}]`] = value;
  }
  return params;
}

/** antd's sorter as a sort parameter: ascend -> 'name', descend -> '-name'; the column key is the sort name. */
export function sortParam<T>(sorter: SorterResult<T> | SorterResult<T>[]): string | undefined {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!single?.order || single.columnKey === undefined) return undefined;
  return `${single.order === 'descend' ? '-' : ''}${String(single.columnKey)}`;
}

/** The column's sortOrder for a sort parameter, so the header arrow follows the state. */
export function sortOrderOf(sort: string | undefined, column: string): 'ascend' | 'descend' | null {
  if (sort === column) return 'ascend';
  if (sort === `-${column}`) return 'descend';
  return null;
}

/** Table pagination from the server's meta (PRODUCT.md §9 sizes). */
export function tablePagination(
  state: ListState,
  meta: ListMeta | undefined,
  options: { pageSizeOptions?: readonly number[]; describeTotal?: (total: string) => string } = {},
): TablePaginationConfig {
  const describeTotal = options.describeTotal ?? ((total: string) => total);
  const pageSizeOptions = options.pageSizeOptions ?? PAGE_SIZES.tableOptions;
  return {
    current: state.page,
    pageSize: state.pageSize,
    total: meta?.total ?? 0,
    showSizeChanger: pageSizeOptions.length > 1,
    pageSizeOptions: pageSizeOptions.map(String),
    // A broad transactions search is counted up to a limit: '1-10 of 10000+'.
    showTotal: (total, [from, to]) =>
      `${from}-${to} of ${describeTotal(`${total}${meta?.total_is_lower_bound ? '+' : ''}`)}`,
    hideOnSinglePage: false,
    responsive: true,
  };
}
