import type { TablePaginationConfig } from 'antd';
import type { FilterValue, SorterResult } from 'antd/es/table/interface';
import { PAGE_SIZES } from '@wallet/contract';
import { useCallback, useState } from 'react';
import { sortParam, type ListState } from './list-query';

/**
 * State of a server-side table. A column's key names its server sort and filter; a filter change or a new
 * search goes back to page 1.
 */
export function useListState(initial: Partial<ListState> = {}) {
  const [state, setState] = useState<ListState>(() => ({
    page: 1,
    pageSize: PAGE_SIZES.table,
    filters: {},
    ...initial,
  }));

  const onTableChange = useCallback(
    <T>(
      pagination: TablePaginationConfig,
      tableFilters: Record<string, FilterValue | null>,
      sorter: SorterResult<T> | SorterResult<T>[],
    ) => {
      setState((previous) => {
        const filters = { ...previous.filters };
        for (const [key, value] of Object.entries(tableFilters))
          filters[key] = value?.length ? value.map(String).join(',') : undefined;
        const filtersChanged = JSON.stringify(filters) !== JSON.stringify(previous.filters);
        const pageSize = pagination.pageSize ?? previous.pageSize;
        return {
          page: filtersChanged || pageSize !== previous.pageSize ? 1 : (pagination.current ?? previous.page),
          pageSize,
          sort: sortParam(sorter) ?? initial.sort,
          filters,
        };
      });
    },
    [initial.sort],
  );

  const setFilter = useCallback((name: string, value: string | undefined) => {
    setState((previous) =>
      previous.filters[name] === value
        ? previous
        : { ...previous, page: 1, filters: { ...previous.filters, [name]: value } },
    );
  }, []);

  /** Back one page when the last row of the last page went away. */
  const setPage = useCallback((page: number) => setState((previous) => ({ ...previous, page })), []);

  return { state, onTableChange, setFilter, setPage };
}
