import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Typography, type TableColumnsType } from 'antd';
import { PAGE_SIZES, TEAM_MESSAGES, UI_TEXTS, type UserResource } from '@wallet/contract';
import { ListTable, StackedItem } from '../../../components/ListTable';
import { UserAvatar } from '../../../components/UserAvatar';
import { TableLoading } from '../../../components/TableLoading';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { listQueryParams, sortOrderOf, tablePagination } from '../../../lib/list-query';
import { useListState } from '../../../lib/use-list-state';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useUsers } from '../api/get-users';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { RoleCell } from '../roles';

const MEMBER_PAGE_SIZES = [PAGE_SIZES.teamMembers];

/** The team's members, 5 per page (PRODUCT.md §9), each removable after a confirm. */
export function MembersCard({ teamId }: { teamId: number }) {
  const { state, onTableChange, setPage } = useListState({ pageSize: PAGE_SIZES.teamMembers, sort: 'name' });
  const members = useUsers(listQueryParams(state, { 'filter[members_of_team]': teamId, include: 'roles' }));
  const removeMember = useRemoveTeamMember();
  const notifySuccess = useNotifySuccess();
  const rows = members.data?.data ?? [];

  const remove = (user: UserResource) =>
    removeMember.mutateAsync({ teamId, userId: user.id }).then(() => {
      notifySuccess('Member Removed', `${user.name} is no longer in this team.`);
      // The last row of a later page went away: show the page before it.
      if (rows.length === 1 && state.page > 1) setPage(state.page - 1);
    });

  const removeButton = (user: UserResource) => (
    <Popconfirm
      title={TEAM_MESSAGES.removeMemberConfirm}
      okText="Remove"
      okButtonProps={{ danger: true }}
      onConfirm={() => remove(user)}
    >
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${user.name} from the team`} />
    </Popconfirm>
  );

  const columns: TableColumnsType<UserResource> = [
    {
      title: 'Name',
      key: 'name',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'name'),
      render: (_, user) => (
        <Flex align="center" gap={10} style={{ minWidth: 0 }}>
          <UserAvatar name={user.name} src={user.avatar_url} size="small" />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
              {user.name}
            </Typography.Text>
            {user.invitation_pending && (
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {UI_TEXTS.invitationPending}
              </Typography.Text>
            )}
          </Flex>
        </Flex>
      ),
    },
    {
      title: 'Email',
      key: 'email',
      className: 'list-table-fill',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'email'),
      render: (_, user) => (
        <Typography.Text ellipsis={{ tooltip: user.email }} style={{ display: 'block', maxWidth: '100%' }}>
          {user.email}
        </Typography.Text>
      ),
    },
    { title: 'Role', key: 'role', render: (_, user) => <RoleCell roles={user.roles} /> },
    {
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      key: 'actions',
      align: 'right',
      width: 64,
      render: (_, user) => removeButton(user),
    },
  ];

  const stacked = {
    label: 'Member',
    render: (user: UserResource) => (
      <StackedItem
        leading={<UserAvatar name={user.name} src={user.avatar_url} size="small" />}
        title={user.name}
        subtitle={
          <>
            {user.email}
            {user.invitation_pending && (
              <Typography.Text type="warning" style={{ display: 'block', fontSize: 12 }}>
                {UI_TEXTS.invitationPending}
              </Typography.Text>
            )}
          </>
        }
        actions={removeButton(user)}
        fields={[{ label: 'Role', value: <RoleCell roles={user.roles} /> }]}
      />
    ),
  };

  return (
    <Card title="Members" styles={{ body: { padding: 0 } }}>
      <ListTable<UserResource>
        rowKey="id"
        columns={columns}
        stacked={stacked}
        dataSource={rows}
        loading={members.isFetching && !members.isPending}
        pagination={{
          ...tablePagination(state, members.data?.meta, { pageSizeOptions: MEMBER_PAGE_SIZES }),
          style: { marginInline: 16 },
        }}
        onChange={onTableChange}
        locale={{ emptyText: members.isPending ? <TableLoading rows={5} /> : 'No members yet' }}
      />
    </Card>
  );
}
