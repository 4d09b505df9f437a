import { ArrowLeftOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { ErrorFallback } from '../../../components/ErrorFallback';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { HttpError } from '../../../lib/http';
import { paths } from '../../../paths';
import { useTeam } from '../api/get-team';
import { ColorDot } from '../TeamTags';
import { AddMembersModal } from './AddMembersModal';
import { ApprovalPathCard } from './ApprovalPathCard';
import { MembersCard } from './MembersCard';

const MISSING_STATUSES = new Set([400, 404, 422]);

function membersLabel(count: number): string {
  return `${count} ${count === 1 ? 'Member' : 'Members'}`;
}

function TeamDetail({ teamId }: { teamId: number }) {
  const team = useTeam(teamId);
  const [addOpen, setAddOpen] = useState(false);

  if (team.isError) {
    if (team.error instanceof HttpError && MISSING_STATUSES.has(team.error.status)) return <NotFoundPage />;
    return <ErrorFallback error={team.error} onRetry={() => void team.refetch()} />;
  }

  return (
    <>
      <ButtonLink
        type="link"
        to={`${paths.teams}?tab=teams`}
        icon={<ArrowLeftOutlined />}
        style={{ paddingInline: 0, marginBottom: 8 }}
      >
        Back to Teams
      </ButtonLink>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 24, minHeight: 40 }}>
        {team.data ? (
          <Flex align="center" gap={12} style={{ minWidth: 0 }}>
            <ColorDot color={team.data.color} size={16} />
            <Typography.Title level={1} style={{ fontSize: 24, lineHeight: '32px', margin: 0 }}>
              {team.data.name}{' '}
              <Typography.Text type="secondary" style={{ fontSize: 18, fontWeight: 400 }}>
                ({membersLabel(team.data.members_count ?? 0)})
              </Typography.Text>
            </Typography.Title>
          </Flex>
        ) : (
          <Skeleton.Input active style={{ width: 240 }} aria-label="Loading team" />
        )}
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAddOpen(true)} disabled={!team.data}>
          Add New Member
        </Button>
      </Flex>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={14}>
          <MembersCard teamId={teamId} />
        </Col>
        <Col xs={24} xl={10}>
          {team.data ? (
            <ApprovalPathCard team={team.data} />
          ) : (
            <Card title="Approval Path">
              <Skeleton active paragraph={{ rows: 4 }} />
            </Card>
          )}
        </Col>
      </Row>
      <AddMembersModal teamId={teamId} open={addOpen} onClose={() => setAddOpen(false)} />
    </>
  );
}

/** /teams/{teamId} (admin): members on the left, the approval path on the right; an unknown team is not found. */
export function TeamDetailPage() {
  const { teamId = '' } = useParams();
  if (!/^[1-9]\d{0,15}$/.test(teamId)) return <NotFoundPage />;
  return <TeamDetail key={teamId} teamId={Number(teamId)} />;
}
