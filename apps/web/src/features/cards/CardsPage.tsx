import { AppstoreOutlined, DownOutlined, PlusOutlined, SearchOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Empty, Flex, Input, Pagination, Segmented, Select, Typography } from 'antd';
import {
  CANCELED_CARD_MESSAGES,
  CARD_MESSAGES,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  type CardResource,
} from '@wallet/contract';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { listQueryParams } from '../../lib/list-query';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useNotifyError } from '../../lib/use-notify-error';
import { useNotifySuccess } from '../../lib/use-notify-success';
import { useCards } from './api/get-cards';
import { useUpdateCardsStatus, type CardStatus } from './api/update-card-status';
import { CardsGrid } from './cards-list/CardsGrid';
import { CardsTable } from './cards-list/CardsTable';
import { MultiFundModal } from './cards-list/MultiFundModal';
import { nameFilterOf, useCardsListState } from './cards-list/use-cards-list-state';
import { CreateCardDrawer } from './create-card/CreateCardDrawer';

type View = 'grid' | 'list';
const ADD_CARD_ACTION = 'addCard';

const SORT_OPTIONS = [
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
  { value: 'user', label: 'Cardholder A–Z' },
  { value: '-user', label: 'Cardholder Z–A' },
  { value: 'status', label: 'Status' },
  { value: '-spending_limit', label: 'Highest limit' },
  { value: 'spending_limit', label: 'Lowest limit' },
  { value: '-last_used_at', label: 'Recently used' },
];

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'canceled', label: CANCELED_CARD_MESSAGES.filterLabel },
];
const TYPE_OPTIONS = [
  { value: 'virtual', label: 'Virtual' },
  { value: 'physical', label: 'Physical' },
];

/** /cards (admins): every card of the organisation as tiles or a list; create, fund, activate, deactivate. */
export function CardsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const addCardOpen = searchParams.get('action') === ADD_CARD_ACTION;
  const setAddCardOpen = (open: boolean) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (open) next.set('action', ADD_CARD_ACTION);
        else next.delete('action');
        return next;
      },
      { replace: true },
    );

  const [view, setView] = useState<View>('grid');
  const { state, setPage, setSort, setFilter } = useCardsListState();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  useEffect(() => setFilter('name', nameFilterOf(debouncedSearch)), [debouncedSearch, setFilter]);

  const cards = useCards(listQueryParams(state));
  const total = cards.data?.meta.total;
  // The card just created is shown first (it may sort onto another page) and marked New.
  const [created, setCreated] = useState<CardResource>();
  const rows = useMemo(() => {
    const page = cards.data?.data;
    if (!page || !created) return page;
    return [page.find((card) => card.id === created.id) ?? created, ...page.filter((card) => card.id !== created.id)];
  }, [cards.data, created]);

  const [selected, setSelected] = useState<Map<number, CardResource>>(new Map());
  const [fundOpen, setFundOpen] = useState(false);
  const updateStatus = useUpdateCardsStatus();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();

  const handleSelectionChange = (ids: number[], rows: (CardResource | undefined)[]) => {
    setSelected((previous) => {
      const next = new Map<number, CardResource>();
      ids.forEach((id, index) => {
        const card = rows[index]?.id === id ? rows[index] : (rows.find((row) => row?.id === id) ?? previous.get(id));
        if (card) next.set(id, card);
      });
      return next;
    });
  };

  const keepOnly = (ids: number[]) =>
    setSelected((previous) => new Map([...previous].filter(([id]) => ids.includes(id))));

  const changeStatus = (status: CardStatus) => {
    const cardIds = [...selected.keys()];
    updateStatus.mutate(
      { cardIds, status },
      {
        onSuccess: ({ succeeded, failed }) => {
          if (succeeded.length > 0) {
            notifySuccess(
              CARD_MESSAGES.statusUpdated,
              `${succeeded.length} of ${cardIds.length} card(s) ${status === 'active' ? 'activated' : 'deactivated'}.`,
            );
          }
          failed.forEach(({ error }) => notifyError(error));
          keepOnly(failed.map(({ cardId }) => cardId));
        },
      },
    );
  };

  const actionItems = [
    { key: 'fund', label: 'Fund Card(s)', onClick: () => setFundOpen(true) },
    { key: 'activate', label: 'Activate Card(s)', onClick: () => changeStatus('active') },
    { key: 'deactivate', label: 'Deactivate Card(s)', onClick: () => changeStatus('inactive') },
  ];

  const filtered = Boolean(state.filters.name || state.filters.status || state.filters.type);
  const isEmpty = cards.data && cards.data.data.length === 0;

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 24, lineHeight: '32px', margin: 0 }}>
          {total === undefined ? 'Cards' : `Cards(${total})`}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAddCardOpen(true)}>
          Add New Card
        </Button>
      </Flex>

      <Card>
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
          <Flex wrap gap={12} style={{ flex: '1 1 420px', minWidth: 0 }}>
            <Input
              allowClear
              prefix={<SearchOutlined aria-hidden />}
              placeholder="Search by user"
              aria-label="Search cards by user"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              style={{ flex: '1 1 240px', maxWidth: 340 }}
            />
            <Select
              allowClear
              placeholder="Status"
              aria-label="Filter by status"
              options={STATUS_OPTIONS}
              value={state.filters.status}
              onChange={(value?: string) => setFilter('status', value)}
              style={{ width: 130 }}
            />
            <Select
              allowClear
              placeholder="Type"
              aria-label="Filter by type"
              options={TYPE_OPTIONS}
              value={state.filters.type}
              onChange={(value?: string) => setFilter('type', value)}
              style={{ width: 130 }}
            />
          </Flex>
          <Flex wrap gap={12} align="center">
            {view === 'grid' ? (
              <Select
                aria-label="Sort cards"
                options={SORT_OPTIONS}
                value={SORT_OPTIONS.some((option) => option.value === state.sort) ? state.sort : undefined}
                placeholder="Sort"
                onChange={setSort}
                style={{ width: 170 }}
              />
            ) : (
              <Dropdown
                menu={{ items: actionItems }}
                disabled={selected.size === 0 || updateStatus.isPending}
                trigger={['click']}
              >
                <Button loading={updateStatus.isPending} aria-label={`Action (${selected.size} selected)`}>
                  Action{selected.size > 0 ? ` (${selected.size})` : ''} <DownOutlined aria-hidden />
                </Button>
              </Dropdown>
            )}
            <Segmented<View>
              value={view}
              onChange={setView}
              aria-label="View"
              options={[
                { value: 'grid', label: 'Grid', icon: <AppstoreOutlined aria-hidden /> },
                { value: 'list', label: 'List', icon: <UnorderedListOutlined aria-hidden /> },
              ]}
            />
          </Flex>
        </Flex>

        {view === 'list' ? (
          <CardsTable
            cards={rows}
            newId={created?.id}
            meta={cards.data?.meta}
            loading={cards.isFetching}
            state={state}
            onPageChange={setPage}
            onSortChange={setSort}
            selectedIds={[...selected.keys()]}
            onSelectionChange={handleSelectionChange}
          />
        ) : isEmpty ? (
          <Empty style={{ padding: '48px 0' }} description={filtered ? 'No cards match your search' : 'No cards yet'}>
            {!filtered && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAddCardOpen(true)}>
                Add New Card
              </Button>
            )}
          </Empty>
        ) : (
          <>
            <CardsGrid
              cards={rows}
              newId={created?.id}
              loading={cards.isFetching}
              skeletonCount={state.pageSize > 8 ? 8 : state.pageSize}
            />
            <Flex justify="flex-end" style={{ marginTop: 16 }}>
              <Pagination
                current={state.page}
                pageSize={state.pageSize}
                total={total ?? 0}
                showSizeChanger
                pageSizeOptions={PAGE_SIZES.cardsOptions.map(String)}
                onChange={setPage}
                showTotal={(count, [from, to]) => `${from}-${to} of ${count}`}
                responsive
              />
            </Flex>
          </>
        )}
      </Card>

      <CreateCardDrawer open={addCardOpen} onClose={() => setAddCardOpen(false)} onCreated={setCreated} />
      <MultiFundModal
        open={fundOpen}
        cards={[...selected.values()]}
        onClose={() => setFundOpen(false)}
        onDone={keepOnly}
      />
    </>
  );
}
