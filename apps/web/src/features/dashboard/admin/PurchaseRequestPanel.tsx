import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Popconfirm, Tabs, Typography, theme } from 'antd';
import { PAGE_SIZES, REQUEST_MESSAGES, type ForceStatus, type PurchaseRequestResource } from '@wallet/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { UserAvatar } from '../../../components/UserAvatar';
import { formatMoney } from '../../../lib/format';
import { formatDate } from '../../../lib/dates';
import { useCurrentUser } from '../../../lib/session';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useForceDecision } from '../api/force-decision';
import { usePanelRequests, type PanelTab } from '../api/get-panel-requests';
import { RequestStatus } from '../RequestStatus';

const ROW_HEIGHT = { pending: 112, approved: 68 } as const;
/** Two pending rows and the 'n of total' line: every state of both tabs is this tall. */
const LIST_HEIGHT = ROW_HEIGHT.pending * PAGE_SIZES.dashboardPanel + 20;
export const SEE_ALL_REQUESTS = '/requests?tab=allRequest';

function ForceButton({ request, status }: { request: PurchaseRequestResource; status: ForceStatus }) {
  const force = useForceDecision();
  const notifySuccess = useNotifySuccess();
  const approve = status === 'approved';
  const who = request.user?.name ?? 'this member';
  return (
    <Popconfirm
      title={approve ? 'Force approve this request?' : 'Force reject this request?'}
      description={`${who}'s request for ${formatMoney(request.amount)} will be ${status} without the approval path.`}
      okText={approve ? 'Yes, Approve' : 'Yes, Reject'}
      okButtonProps={{ danger: !approve, loading: force.isPending }}
      cancelText="Cancel"
      onConfirm={() =>
        force.mutateAsync({ requestId: request.id, status }).then(
          () => notifySuccess(REQUEST_MESSAGES.approvalSaved),
          () => undefined, // the notifier has shown the error
        )
      }
    >
      <Button
        size="small"
        danger={!approve}
        type={approve ? 'primary' : 'default'}
        icon={approve ? <CheckOutlined aria-hidden /> : <CloseOutlined aria-hidden />}
        loading={force.isPending}
      >
        {approve ? 'Force Approve' : 'Force Reject'}
      </Button>
    </Popconfirm>
  );
}

function RequestRow({ request, tab, last }: { request: PurchaseRequestResource; tab: PanelTab; last: boolean }) {
  const me = useCurrentUser();
  const { token } = theme.useToken();
  const name = request.user?.name ?? `Member #${request.user_id}`;
  const date = tab === 'pending' ? request.submitted : (request.transferred ?? request.submitted);
  return (
    <li
      aria-label={`${name}, ${formatMoney(request.amount)}`}
      style={{
        minHeight: ROW_HEIGHT[tab],
        padding: '12px 0',
        borderBottom: last ? undefined : `1px solid ${token.colorSplit}`,
        boxSizing: 'border-box',
      }}
    >
      <Flex align="center" gap={12}>
        <UserAvatar name={name} src={request.user?.avatar_url} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ display: 'block' }}>
            {name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`${tab === 'pending' ? 'Submitted' : 'Funded'} ${formatDate(date)}`}
          </Typography.Text>
        </div>
        <Flex vertical align="flex-end" gap={4} style={{ flex: 'none' }}>
          <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(request.amount)}
          </Typography.Text>
          <RequestStatus request={request} />
        </Flex>
      </Flex>
      {tab === 'pending' && (
        <Flex gap={8} wrap justify="flex-end" style={{ marginTop: 10 }}>
          {request.user_id === me.id ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Your own request: another admin decides it.
            </Typography.Text>
          ) : (
            <>
              <ForceButton request={request} status="approved" />
              <ForceButton request={request} status="rejected" />
            </>
          )}
        </Flex>
      )}
    </li>
  );
}

function RequestRows({ tab }: { tab: PanelTab }) {
  const list = usePanelRequests(tab);
  if (list.isError && !list.data)
    return <LoadFailed height={LIST_HEIGHT} onRetry={() => void list.refetch()} what="the requests" />;
  if (!list.data) {
    return (
      <Flex vertical gap={24} style={{ height: LIST_HEIGHT, paddingTop: 12 }}>
        <LoadingBlock height={ROW_HEIGHT[tab] - 24} label="Loading requests" />
        <LoadingBlock height={ROW_HEIGHT[tab] - 24} label="Loading requests" />
      </Flex>
    );
  }
  const rows = list.data.data.slice(0, PAGE_SIZES.dashboardPanel);
  if (rows.length === 0) {
    return (
      <div style={{ height: LIST_HEIGHT, display: 'grid', placeItems: 'center' }}>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={tab === 'pending' ? 'No pending requests' : 'No approved requests yet'}
        />
      </div>
    );
  }
  return (
    <div style={{ minHeight: LIST_HEIGHT }}>
      <ul
        aria-label={tab === 'pending' ? 'Pending requests' : 'Approved requests'}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {rows.map((request, index) => (
          <RequestRow key={request.id} request={request} tab={tab} last={index === rows.length - 1} />
        ))}
      </ul>
      {list.data.meta.total > rows.length && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {`Showing ${rows.length} of ${list.data.meta.total} ${tab === 'pending' ? 'pending' : 'approved'} requests`}
        </Typography.Text>
      )}
    </div>
  );
}

/** The Purchase Request panel: the two latest pending and approved requests; admins force a decision from here. */
export function PurchaseRequestPanel() {
  const [tab, setTab] = useState<PanelTab>('pending');
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          Purchase Request
        </Typography.Title>
      }
      extra={<Link to={SEE_ALL_REQUESTS}>See All Request</Link>}
      style={{ height: '100%' }}
      styles={{ body: { paddingTop: 4 } }}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as PanelTab)}
        items={[
          { key: 'pending', label: 'Pending Request', children: <RequestRows tab="pending" /> },
          { key: 'approved', label: 'Approved Request', children: <RequestRows tab="approved" /> },
        ]}
      />
    </Card>
  );
}
