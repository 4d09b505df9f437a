import { FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Statistic, Typography } from 'antd';
import { PAGE_SIZES, SHORTFALL_TEXTS } from '@wallet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FundsShortfallAlert } from '../../../components/FundsShortfallAlert';
import { useBalance } from '../../../lib/balance';
import { formatMoney } from '../../../lib/format';
import { dashboardKeys } from '../../../lib/query-keys';
import { fundingKeys, PENDING_POLL_MS } from '../api/keys';
import { useTopups } from '../api/get-topups';
import { AddFundsModal } from './AddFundsModal';
import { StatementsDrawer } from './StatementsDrawer';
import { TopupsTable } from './TopupsTable';

/** `action` opens a dialog (PRODUCT.md §2 quick actions: ...&action=addFunds, ...&action=viewStatements). */
type Action = 'addFunds' | 'viewStatements';

function useAction(): [Action | null, (action: Action | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('action');
  const action = asked === 'addFunds' || asked === 'viewStatements' ? asked : null;
  const setAction = (next: Action | null) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next) params.set('action', next);
        else params.delete('action');
        return params;
      },
      { replace: true },
    );
  return [action, setAction];
}

/**
 * When the last pending top-up on screen settles, the balance and statements are read again (the balance is under
 * dashboardKeys, with the other figures a settled top-up moves).
 */
function useRefreshWhenSettled(pendingCount: number) {
  const queryClient = useQueryClient();
  const previous = useRef(pendingCount);
  useEffect(() => {
    if (pendingCount < previous.current) {
      void queryClient.invalidateQueries({ queryKey: fundingKeys.all });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    }
    previous.current = pendingCount;
  }, [pendingCount, queryClient]);
}

/**
 * Account Funding (admins): the organisation's unallocated funds, Add Funds (a top-up), the recent top-ups and
 * View Statements (month by month with a running balance, CSV download).
 */
export function AccountFundingTab() {
  const [action, setAction] = useAction();
  const [page, setPage] = useState({ number: 1, size: PAGE_SIZES.table as number });
  const topups = useTopups(page.number, page.size);
  const pending = topups.data?.data.filter((topup) => topup.status === 'pending') ?? [];
  const balance = useBalance({ refetchInterval: pending.length > 0 ? PENDING_POLL_MS : false });
  useRefreshWhenSettled(pending.length);

  const pendingTotal = pending.reduce((sum, topup) => sum + topup.amount, 0);
  const addFundsButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAction('addFunds')}>
      Add Funds
    </Button>
  );

  return (
    <Flex vertical gap={24} style={{ maxWidth: 960 }}>
      <FundsShortfallAlert
        available={balance.data}
        action={
          <Button size="small" type="primary" onClick={() => setAction('addFunds')}>
            {SHORTFALL_TEXTS.action}
          </Button>
        }
      />
      <Card size="small" styles={{ body: { padding: 16 } }}>
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Statistic
            title="Unallocated Funds"
            value={balance.data === undefined ? '—' : formatMoney(balance.data)}
            loading={balance.isPending}
            styles={{ content: { fontVariantNumeric: 'tabular-nums', minHeight: 38 } }}
          />
          <Flex gap={8} wrap>
            {addFundsButton}
            <Button icon={<FileTextOutlined aria-hidden />} onClick={() => setAction('viewStatements')}>
              View Statements
            </Button>
          </Flex>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {"Money at the card issuer that isn't on any card yet. Cards are funded from it."}
          {pending.length > 0 && (
            <>
              {' '}
              <Typography.Text type="warning">
                {`${formatMoney(pendingTotal)} in ${pending.length === 1 ? 'one top-up is' : `${pending.length} top-ups are`} pending and not included yet.`}
              </Typography.Text>
            </>
          )}
        </Typography.Paragraph>
      </Card>

      <section aria-labelledby="recent-topups-title">
        <Typography.Title level={2} id="recent-topups-title" style={{ fontSize: 18, marginTop: 0 }}>
          Recent Top-ups
        </Typography.Title>
        <TopupsTable
          rows={topups.data?.data}
          meta={topups.data?.meta}
          loading={topups.isPending}
          fetching={topups.isFetching && topups.isPlaceholderData}
          page={page.number}
          pageSize={page.size}
          onPage={(number, size) => setPage({ number: size === page.size ? number : 1, size })}
          empty={
            topups.isError ? (
              <Typography.Text type="danger">{"We couldn't load the top-ups."}</Typography.Text>
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description="No top-ups yet. Add funds to put money on your cards."
              >
                {addFundsButton}
              </Empty>
            )
          }
        />
      </section>

      <AddFundsModal open={action === 'addFunds'} balance={balance.data} onClose={() => setAction(null)} />
      <StatementsDrawer open={action === 'viewStatements'} onClose={() => setAction(null)} />
    </Flex>
  );
}
