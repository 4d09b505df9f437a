import { PAGE_SIZES } from '@wallet/contract';
import { useCallback, useState } from 'react';
import type { ListState } from '../../../lib/list-query';

export const DEFAULT_CARD_SORT = '-created_at';

/** Page, size, sort and filters of /cards, shared by the grid and the list. Any change but the page goes to page 1. */
export function useCardsListState() {
  const [state, setState] = useState<ListState>({
    page: 1,
    pageSize: PAGE_SIZES.cards,
    sort: DEFAULT_CARD_SORT,
    filters: {},
  });

  const setPage = useCallback((page: number, pageSize?: number) => {
    setState((previous) => ({
      ...previous,
      page: pageSize && pageSize !== previous.pageSize ? 1 : page,
      pageSize: pageSize ?? previous.pageSize,
    }));
  }, []);

  const setSort = useCallback((sort: string | undefined) => {
    setState((previous) => ({ ...previous, page: 1, sort: sort ?? DEFAULT_CARD_SORT }));
  }, []);

  const setFilter = useCallback((name: string, value: string | undefined) => {
    setState((previous) =>
      previous.filters[name] === value
        ? previous
        : { ...previous, page: 1, filters: { ...previous.filters, [name]: value } },
    );
  }, []);

  return { state, setPage, setSort, setFilter };
}

/** PRODUCT.md §7 filter[name]: several names separated by commas, each with its spaces removed. */
export function nameFilterOf(search: string): string | undefined {
  const names = search
    .split(',')
    .map((name) => name.replace(/\s+/g, ''))
    .filter(Boolean);
  return names.length ? names.join(',') : undefined;
}
