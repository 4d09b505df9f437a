import { MailOutlined } from '@ant-design/icons';
import { Card, Col, Collapse, Descriptions, Empty, Flex, List, Row, Skeleton, Typography } from 'antd';
import { ROLE_NAMES, isAdmin, type Role } from '@wallet/contract';
import { LoadFailed } from '../../components/LoadFailed';
import { PageTitle } from '../../components/PageTitle';
import { APP_NAME, APP_VERSION } from '../../lib/config';
import { useCurrentUser } from '../../lib/session';
import { useOrganizationAdmins } from './api/get-admins';
import { HELP_TOPICS, answersFor } from './help-topics';

const roleNames = (roles: readonly string[]) => roles.map((role) => ROLE_NAMES[role as Role] ?? role).join(', ');

function AdminsCard() {
  const admins = useOrganizationAdmins();
  return (
    <Card title="Contact your admins">
      <Typography.Paragraph type="secondary">
        For a new card, a role, more funds or anything this page doesn&apos;t answer, write to one of your
        organisation&apos;s admins.
      </Typography.Paragraph>
      {admins.isPending ? (
        <Skeleton active avatar={false} title={false} paragraph={{ rows: 4 }} aria-busy />
      ) : admins.isError ? (
        <LoadFailed height={120} what="your admins" onRetry={() => void admins.refetch()} />
      ) : admins.data.length === 0 ? (
        <Empty description="Your organisation has no admins yet." />
      ) : (
        <List
          dataSource={admins.data}
          renderItem={(admin) => (
            <List.Item>
              <List.Item.Meta
                title={admin.name}
                description={
                  <Flex vertical gap={2}>
                    <Typography.Text type="secondary">{roleNames(admin.roles)}</Typography.Text>
                    <a href={`mailto:${admin.email}`} style={{ overflowWrap: 'anywhere' }}>
                      <MailOutlined aria-hidden /> {admin.email}
                    </a>
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** /help-and-support (user menu): how-to answers for the person's role, whom to contact, and the version. */
export function HelpAndSupportPage() {
  const me = useCurrentUser();
  const admin = isAdmin(me.roles);
  return (
    <>
      <PageTitle>Help & Support</PageTitle>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={15}>
          <Flex vertical gap={24}>
            {HELP_TOPICS.map((topic) => (
              <section key={topic.key} aria-labelledby={`help-${topic.key}`}>
                <Typography.Title level={2} id={`help-${topic.key}`} style={{ fontSize: 18, marginTop: 0 }}>
                  {topic.title}
                </Typography.Title>
                <Collapse
                  items={answersFor(topic, admin).map((answer, index) => ({
                    key: String(index),
                    label: answer.question,
                    children: <Typography.Paragraph style={{ margin: 0 }}>{answer.answer}</Typography.Paragraph>,
                  }))}
                />
              </section>
            ))}
          </Flex>
        </Col>
        <Col xs={24} lg={9}>
          <Flex vertical gap={24}>
            <AdminsCard />
            <Card title="About">
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'product', label: 'Product', children: APP_NAME },
                  { key: 'version', label: 'Version', children: APP_VERSION },
                  { key: 'organisation', label: 'Organisation', children: me.organization.name },
                  { key: 'role', label: 'Your role', children: roleNames(me.roles) },
                ]}
              />
            </Card>
          </Flex>
        </Col>
      </Row>
    </>
  );
}
