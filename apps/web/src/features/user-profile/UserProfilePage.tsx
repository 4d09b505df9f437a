import { ArrowLeftOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Descriptions, Empty, Flex, Row, Table, Tag, Typography, type TableColumnsType } from 'antd';
import {
  ROLE_NAMES,
  UI_TEXTS,
  cardholderNeedsAttention,
  cardholderWarning,
  isAdmin,
  roleLabel,
  type CardResource,
  type Role,
  type UserResource,
} from '@wallet/contract';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed';
import { LoadingBlock } from '../../components/LoadingBlock';
import { NotFoundPage } from '../../components/NotFoundPage';
import { CardStatusTag } from '../../components/CardStatusTag';
import { UserAvatar } from '../../components/UserAvatar';
import { MoneyChart } from '../../components/charts/MoneyChart';
import { readableTagColor } from '../../lib/contrast';
import { formatMoney } from '../../lib/format';
import { formatDate } from '../../lib/dates';
import { HttpError } from '../../lib/http';
import { useNotifyError } from '../../lib/use-notify-error';
import { paths } from '../../paths';
import { PROFILE_CARDS_PAGE_SIZE, useProfileCards } from './api/get-profile-cards';
import { useProfileSpend } from './api/get-profile-spend';
import { useProfileCardholderStanding } from './api/get-profile-standing';
import { useProfileUser } from './api/get-profile-user';

const SPEND_CHART_HEIGHT = 240;
const SPEND_COLOR = '#e8590c';
const HEADER_HEIGHT = 112;

const orDash = (value: string | null | undefined) => (value ? value : '—');
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function cardTitle(title: string) {
  return (
    <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
      {title}
    </Typography.Title>
  );
}

function ProfileHeader({ user }: { user: UserResource }) {
  const roles = user.roles ?? [];
  return (
    <Flex align="center" gap={20} wrap style={{ minHeight: HEADER_HEIGHT }}>
      <UserAvatar name={user.name} src={user.avatar_url} size={80} />
      <div style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Typography.Title level={1} style={{ fontSize: 24, lineHeight: '32px', margin: 0, overflowWrap: 'anywhere' }}>
          {user.name}
        </Typography.Title>
        <Typography.Link href={`mailto:${user.email}`} style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography.Link>
        <Flex gap={6} wrap style={{ marginTop: 8 }}>
          <Tag color={isAdmin(roles) ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
            {roleLabel(roles)}
          </Tag>
          {roles.map((role) => (
            <Tag key={role} style={{ marginInlineEnd: 0 }}>
              {ROLE_NAMES[role as Role] ?? role}
            </Tag>
          ))}
          {user.invitation_pending ? (
            <Tag color="gold" style={{ marginInlineEnd: 0 }}>
              {UI_TEXTS.invitationPending}
            </Tag>
          ) : null}
        </Flex>
      </div>
    </Flex>
  );
}

function ContactDetails({ user }: { user: UserResource }) {
  const address = [user.address, user.address2].filter(Boolean).join(', ');
  return (
    <Card title={cardTitle('Contact Details')}>
      <Descriptions
        column={1}
        size="small"
        styles={{ label: { width: 120 } }}
        items={[
          {
            key: 'email',
            label: 'Email',
            children: (
              <Typography.Link href={`mailto:${user.email}`} style={{ overflowWrap: 'anywhere' }}>
                <MailOutlined aria-hidden /> {user.email}
              </Typography.Link>
            ),
          },
          {
            key: 'phone',
            label: 'Cell Phone',
            children: user.cell_phone ? (
              <Typography.Link href={`tel:${user.cell_phone}`}>
                <PhoneOutlined aria-hidden /> {user.cell_phone}
              </Typography.Link>
            ) : (
              '—'
            ),
          },
          { key: 'address', label: 'Address', children: orDash(address) },
          { key: 'city', label: 'City', children: orDash(user.city) },
          { key: 'state', label: 'State', children: orDash(user.state_province) },
          { key: 'postal', label: 'Postal Code', children: orDash(user.postal) },
          { key: 'since', label: 'Member Since', children: formatDate(user.created_at) },
        ]}
      />
    </Card>
  );
}

function Teams({ user }: { user: UserResource }) {
  const teams = user.teams ?? [];
  return (
    <Card title={cardTitle('Teams')}>
      {teams.length === 0 ? (
        <Typography.Text type="secondary">Not on any team yet.</Typography.Text>
      ) : (
        <ul
          aria-label="Teams"
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}
        >
          {teams.map((team) => (
            <li key={team.id}>
              <Link to={paths.team(team.id)}>
                <Tag color={readableTagColor(team.color)} style={{ marginInlineEnd: 0, cursor: 'pointer' }}>
                  {team.name}
                </Tag>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Spend({ userId }: { userId: number }) {
  const spend = useProfileSpend(userId, true);
  const total = spend.data?.reduce((sum, row) => sum + Number(row.amount), 0);
  return (
    <Card
      title={cardTitle('Spend')}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Last 6 months
        </Typography.Text>
      }
    >
      <div style={{ minHeight: 36, display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 8 }}>
        {total === undefined ? (
          spend.isError ? null : (
            <LoadingBlock height={28} width={140} label="Loading the total" />
          )
        ) : (
          <>
            <span
              data-testid="profile-spend-total"
              style={{ fontSize: 24, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
            >
              {formatMoney(total)}
            </span>
            <Typography.Text type="secondary">spent, net of refunds</Typography.Text>
          </>
        )}
      </div>
      <div style={{ marginTop: 12 }}>
        {spend.isError && !spend.data ? (
          <LoadFailed height={SPEND_CHART_HEIGHT} onRetry={() => void spend.refetch()} what="the spend" />
        ) : !spend.data ? (
          <LoadingBlock height={SPEND_CHART_HEIGHT} label="Loading the spend chart" />
        ) : (
          <MoneyChart
            label="Spend per month, last 6 months"
            unit="month"
            height={SPEND_CHART_HEIGHT}
            series={[{ key: 'spend', name: 'Spend', rows: spend.data, color: SPEND_COLOR, kind: 'bar' }]}
            emptyText="No spend in the last 6 months"
          />
        )}
      </div>
    </Card>
  );
}

function Cards({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const cards = useProfileCards(userId, page, true);
  const columns: TableColumnsType<CardResource> = [
    {
      title: 'Card',
      key: 'card',
      render: (_value, card) => (
        <Link
          to={paths.card(card.id)}
          aria-label={`${capitalize(card.type)} card ending in ${card.last4}`}
          style={{ whiteSpace: 'nowrap' }}
        >
          {`•••• ${card.last4}`}
        </Link>
      ),
    },
    { title: 'Type', dataIndex: 'type', key: 'type', responsive: ['sm'], render: (type: string) => capitalize(type) },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (_value, card) => <CardStatusTag status={card.status} reason={card.cancellation_reason} />,
    },
    {
      title: 'Available',
      key: 'available',
      align: 'right',
      render: (_value, card) => {
        const available = card.spending_limit - card.issuing_holds_amount;
        return (
          <span
            style={{
              fontVariantNumeric: 'tabular-nums',
              whiteSpace: 'nowrap',
              color: available < 0 ? '#cf1322' : undefined,
            }}
          >
            {formatMoney(available)}
          </span>
        );
      },
    },
    {
      title: 'Spending Limit',
      dataIndex: 'spending_limit',
      key: 'limit',
      align: 'right',
      responsive: ['md'],
      render: (limit: number) => (
        <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatMoney(limit)}</span>
      ),
    },
  ];
  const total = cards.data?.meta.total;
  return (
    <Card title={cardTitle(total === undefined ? 'Cards' : `Cards (${total})`)} styles={{ body: { padding: 0 } }}>
      {cards.isError && !cards.data ? (
        <LoadFailed height={160} onRetry={() => void cards.refetch()} what="the cards" />
      ) : (
        <Table<CardResource>
          rowKey="id"
          columns={columns}
          dataSource={cards.data?.data ?? []}
          loading={!cards.data}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: cards.data ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No cards yet" />
            ) : (
              <div style={{ height: 96 }} />
            ),
          }}
          pagination={
            total !== undefined && total > PROFILE_CARDS_PAGE_SIZE
              ? {
                  current: page,
                  pageSize: PROFILE_CARDS_PAGE_SIZE,
                  total,
                  onChange: setPage,
                  showSizeChanger: false,
                  style: { paddingInline: 16 },
                }
              : false
          }
        />
      )}
    </Card>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading the profile">
      <Flex align="center" gap={20} style={{ height: HEADER_HEIGHT }}>
        <LoadingBlock height={80} width={80} />
        <Flex vertical gap={8} style={{ flex: 1 }}>
          <LoadingBlock height={28} width={220} />
          <LoadingBlock height={18} width={180} />
        </Flex>
      </Flex>
      <LoadingBlock height={420} />
    </div>
  );
}

/** /users/{id} for admins: who someone is, how to reach them, their teams and cards, and what they spent. */
export function UserProfilePage() {
  const { userId: raw } = useParams();
  const userId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
  if (userId === undefined) return <NotFoundPage />;
  return <UserProfile key={userId} userId={userId} />;
}

/** The card issuer blocked or deactivated the person as a cardholder, or needs more from them. */
function CardholderStandingWarning({ user }: { user: UserResource }) {
  const standing = useProfileCardholderStanding(user.id, Boolean(user.stripe_cardholder_id));
  if (!standing.data || !cardholderNeedsAttention(standing.data)) return null;
  const { title, description } = cardholderWarning(user.name, standing.data);
  return <Alert type="warning" showIcon role="alert" title={title} description={description} />;
}

function UserProfile({ userId }: { userId: number }) {
  const user = useProfileUser(userId);
  const notifyError = useNotifyError();
  const notFound = user.error instanceof HttpError && user.error.status === 404;
  useEffect(() => {
    if (user.error && !notFound && !(user.error instanceof HttpError && user.error.status === 401))
      notifyError(user.error);
  }, [user.error, notFound, notifyError]);

  if (notFound) return <NotFoundPage />;

  return (
    <>
      <Link
        to={`${paths.teams}?tab=users`}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginBottom: 16 }}
      >
        <ArrowLeftOutlined aria-hidden /> All Users
      </Link>
      {user.isError && !user.data ? (
        <LoadFailed height={HEADER_HEIGHT} onRetry={() => void user.refetch()} what="this profile" />
      ) : !user.data ? (
        <ProfileSkeleton />
      ) : (
        <Flex vertical gap={16}>
          <ProfileHeader user={user.data} />
          <CardholderStandingWarning user={user.data} />
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={9}>
              <Flex vertical gap={16}>
                <ContactDetails user={user.data} />
                <Teams user={user.data} />
              </Flex>
            </Col>
            <Col xs={24} lg={15}>
              <Flex vertical gap={16}>
                <Spend userId={userId} />
                <Cards userId={userId} />
              </Flex>
            </Col>
          </Row>
        </Flex>
      )}
    </>
  );
}
