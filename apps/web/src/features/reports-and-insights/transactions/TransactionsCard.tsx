import { DownloadOutlined, FilterOutlined, LockOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Input, Segmented, Select, Typography } from 'antd';
import {
  MONTH_CLOSE_TEXTS,
  REPORT_TEXTS,
  REVIEW_TEXTS,
  SEARCH_DEBOUNCE_MS,
  isAdmin,
  type ExpenseResource,
  type ReceiptStatus,
  type ReviewAction,
  type ReviewFilter,
} from '@wallet/contract';
import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { ListTable } from '../../../components/ListTable';
import { LoadFailed } from '../../../components/LoadFailed';
import { TableLoading } from '../../../components/TableLoading';
import type { QueryParams } from '../../../lib/http';
import { listQueryParams, tablePagination } from '../../../lib/list-query';
import { useCurrentUser } from '../../../lib/session';
import { useIsMobile } from '../../../lib/use-media-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useListState } from '../../../lib/use-list-state';
import { useExpenses, useReviewExpenses } from '../api/expenses';
import { WIRE_DAY } from '../../../lib/dates';
import { expensesBetween } from '../ranges';
import {
  receiptOptions,
  reviewViews,
  transactionColumns,
  transactionItem,
  typeOptions,
  walletOptions,
} from './columns';
import { DateRangeFilter, type Range } from './DateRangeFilter';
import { ExportReportModal } from './ExportReportModal';
import { MonthCloseDrawer } from './MonthCloseDrawer';

/** About the height of a page of rows, so a failed load doesn't shrink the card. */
const BODY_HEIGHT = 400;

const sameRange = (a: Range | null, b: Range | null) =>
  a && b ? a[0].isSame(b[0], 'day') && a[1].isSame(b[1], 'day') : a === b;

/**
 * All Transactions (PRODUCT.md §2): search (debounced 800 ms), a date range applied with Apply Filters, Type and Digital
 * Wallet filters (selects), every column sorted on the server, and Export Report of exactly what the table shows.
 */
export function TransactionsCard() {
  const me = useCurrentUser();
  const { state, onTableChange, setFilter } = useListState({ sort: '-posted_date' });
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [draftRange, setDraftRange] = useState<Range | null>(null);
  const [appliedRange, setAppliedRange] = useState<Range | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const [monthCloseOpen, setMonthCloseOpen] = useState(false);

  useEffect(() => setFilter('custom_search', debouncedSearch || undefined), [debouncedSearch, setFilter]);

  const applyFilters = () => {
    setAppliedRange(draftRange);
    setFilter(
      'between',
      draftRange
        ? expensesBetween({ from: draftRange[0].format(WIRE_DAY), to: draftRange[1].format(WIRE_DAY) })
        : undefined,
    );
    setFilter('custom_search', search.trim() || undefined);
  };

  const expenses = useExpenses(listQueryParams(state));
  /** What Export Report sends: the table's filters and sort, not its page. */
  const exportFilters = useMemo(() => {
    const { 'page[number]': _page, 'page[size]': _size, ...rest } = listQueryParams(state);
    return rest satisfies QueryParams;
  }, [state]);
  const canEditNotes = isAdmin(me.roles);
  const { message } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const phone = useIsMobile();
  const reviewing = useReviewExpenses();
  const act = (action: ReviewAction) =>
    reviewing.mutate(
      { ids: selected, action },
      {
        onSuccess: (answer) => {
          void message.success(answer.message);
          setSelected([]);
        },
      },
    );
  const review = state.filters.review as ReviewFilter | undefined;
  // The needs-review view says why each row is there (issue 21.6).
  const showReasons = canEditNotes && review === 'needed';
  const columns = useMemo(
    () => transactionColumns(state, { canEditNotes, showReasons }),
    [state, canEditNotes, showReasons],
  );
  const stacked = useMemo(
    () => ({
      label: 'Transaction',
      render: (row: ExpenseResource) => transactionItem(row, { canEditNotes, showReasons }),
    }),
    [canEditNotes, showReasons],
  );
  const setView = (view: string) => {
    setSelected([]);
    setFilter('review', view === 'all' ? undefined : view);
  };
  const choices = (name: string) => state.filters[name]?.split(',') ?? [];
  const setChoices = (name: string) => (values: string[]) =>
    setFilter(name, values.length ? values.join(',') : undefined);
  const dirty = !sameRange(draftRange, appliedRange) || (search.trim() || undefined) !== state.filters.custom_search;
  const filtering = Boolean(
    state.filters.custom_search ||
    state.filters.between ||
    state.filters.type ||
    state.filters.wallet ||
    state.filters.receipt ||
    state.filters.review,
  );

  let emptyText: ReactNode;
  if (expenses.isPending) emptyText = <TableLoading rows={10} />;
  else if (expenses.isError && !expenses.data)
    emptyText = <LoadFailed height={BODY_HEIGHT} onRetry={() => void expenses.refetch()} what="the transactions" />;
  else {
    const onlyReview =
      filtering && Object.keys(state.filters).every((name) => name === 'review' || !state.filters[name]);
    const reviewEmpty = review === 'needed' ? REVIEW_TEXTS.queueEmpty : REVIEW_TEXTS.reviewedEmpty;
    emptyText = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          onlyReview ? reviewEmpty : filtering ? 'No transactions match these filters' : 'No transactions yet'
        }
      />
    );
  }

  return (
    <Card
      title={<h2 style={{ margin: 0, fontSize: 16, fontWeight: 600 }}>{REPORT_TEXTS.allTransactions}</h2>}
      styles={{ body: { paddingTop: 16 } }}
    >
      {canEditNotes && (
        <Segmented
          aria-label={REVIEW_TEXTS.viewLabel}
          options={reviewViews}
          value={review ?? 'all'}
          onChange={setView}
          style={{ marginBottom: 16 }}
        />
      )}
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Search merchant, cardholder, card, notes..."
          aria-label="Search transactions"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ flex: '1 1 240px', maxWidth: 360 }}
        />
        <DateRangeFilter value={draftRange} onChange={setDraftRange} />
        <Select<string[]>
          mode="multiple"
          allowClear
          aria-label="Filter by type"
          placeholder="Type"
          maxTagCount="responsive"
          options={typeOptions}
          value={choices('type')}
          onChange={setChoices('type')}
          style={{ flex: '1 1 150px', maxWidth: 200 }}
        />
        <Select<string[]>
          mode="multiple"
          allowClear
          aria-label="Filter by digital wallet"
          placeholder="Digital Wallet"
          maxTagCount="responsive"
          options={walletOptions}
          value={choices('wallet')}
          onChange={setChoices('wallet')}
          style={{ flex: '1 1 170px', maxWidth: 240 }}
        />
        <Select<ReceiptStatus>
          allowClear
          aria-label="Filter by receipt"
          placeholder="Receipt"
          options={receiptOptions}
          value={state.filters.receipt as ReceiptStatus | undefined}
          onChange={(value) => setFilter('receipt', value)}
          style={{ flex: '1 1 150px', maxWidth: 190 }}
        />
        <Flex gap={8} wrap style={{ flex: '1 1 auto', justifyContent: 'space-between' }}>
          <Button type={dirty ? 'primary' : 'default'} icon={<FilterOutlined aria-hidden />} onClick={applyFilters}>
            {REPORT_TEXTS.applyFilters}
          </Button>
          <Flex gap={8} wrap>
            {canEditNotes && (
              <Button icon={<LockOutlined aria-hidden />} onClick={() => setMonthCloseOpen(true)}>
                {MONTH_CLOSE_TEXTS.title}
              </Button>
            )}
            <Button icon={<DownloadOutlined aria-hidden />} onClick={() => setExportOpen(true)}>
              {REPORT_TEXTS.exportReport}
            </Button>
          </Flex>
        </Flex>
      </Flex>
      {canEditNotes && selected.length > 0 && (
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }} role="region" aria-label="Chosen transactions">
          <Typography.Text>{selected.length} chosen</Typography.Text>
          <Button type="primary" loading={reviewing.isPending} onClick={() => act('review')}>
            {REVIEW_TEXTS.markReviewed}
          </Button>
          <Button loading={reviewing.isPending} onClick={() => act('flag')}>
            {REVIEW_TEXTS.flag}
          </Button>
          <Button type="link" onClick={() => setSelected([])}>
            Clear
          </Button>
        </Flex>
      )}
      <ListTable<ExpenseResource>
        size="middle"
        rowKey="id"
        // Choosing rows is a desktop table's (a phone's rows are stacked items).
        {...(canEditNotes &&
          !phone && {
            rowSelection: {
              selectedRowKeys: selected,
              onChange: (keys: Key[]) => setSelected(keys as number[]),
              // A closed month's transactions keep their review marks (issue 21.6).
              getCheckboxProps: (row: ExpenseResource) => ({ disabled: row.locked === true }),
            },
          })}
        columns={columns}
        stacked={stacked}
        dataSource={expenses.data?.data}
        loading={expenses.isFetching && !expenses.isPending}
        pagination={tablePagination(state, expenses.data?.meta, {
          describeTotal: (total) =>
            REPORT_TEXTS.tableTotal(
              total,
              appliedRange
                ? { from: appliedRange[0].format(WIRE_DAY), to: appliedRange[1].format(WIRE_DAY) }
                : undefined,
            ),
        })}
        onChange={onTableChange}
        locale={{ emptyText }}
      />
      <ExportReportModal open={exportOpen} onClose={() => setExportOpen(false)} filters={exportFilters} />
      {canEditNotes && <MonthCloseDrawer open={monthCloseOpen} onClose={() => setMonthCloseOpen(false)} />}
    </Card>
  );
}
