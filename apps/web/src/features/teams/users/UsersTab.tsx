import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SEARCH_DEBOUNCE_MS, UI_TEXTS, type UserResource } from '@wallet/contract';
import { useEffect, useState } from 'react';
import { UserAvatar } from '../../../components/UserAvatar';
import { TableLoading } from '../../../components/TableLoading';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { listQueryParams, sortOrderOf, tablePagination } from '../../../lib/list-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useListState } from '../../../lib/use-list-state';
import { useUsers } from '../api/get-users';
import { RoleCell, roleFilters } from '../roles';
import { TeamTags } from '../TeamTags';
import { UserProfileDrawer } from './UserProfileDrawer';

/** All Users: everyone with a wallet role, searched, filtered, sorted and paged on the server. */
export function UsersTab() {
  const { state, onTableChange, setFilter } = useListState({ sort: 'name' });
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [profileUserId, setProfileUserId] = useState<number>();

  useEffect(() => setFilter('search', debouncedSearch || undefined), [debouncedSearch, setFilter]);

  const users = useUsers(listQueryParams(state, { 'filter[wallet]': 'true', include: 'teams,roles' }));
  const roleFilter = state.filters.role?.split(',') ?? null;

  const columns: TableColumnsType<UserResource> = [
    {
      title: 'Name',
      key: 'name',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'name'),
      render: (_, user) => (
        <Flex align="center" gap={10} style={{ minWidth: 0 }}>
          <UserAvatar name={user.name} src={user.avatar_url} />
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {user.name}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Email', key: 'email', dataIndex: 'email', sorter: true, sortOrder: sortOrderOf(state.sort, 'email') },
    {
      title: 'Role',
      key: 'role',
      filters: roleFilters,
      filteredValue: roleFilter,
      render: (_, user) => <RoleCell roles={user.roles} />,
    },
    { title: 'Teams', key: 'teams', render: (_, user) => <TeamTags teams={user.teams} /> },
    {
      title: 'Status',
      key: 'status',
      render: (_, user) =>
        user.invitation_pending ? <Tag color="gold">{UI_TEXTS.invitationPending}</Tag> : <Tag color="green">Active</Tag>,
    },
    {
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      key: 'actions',
      align: 'right',
      render: (_, user) => (
        <Button type="link" onClick={() => setProfileUserId(user.id)} aria-label={`View Profile of ${user.name}`} style={{ paddingInline: 0 }}>
          View Profile
        </Button>
      ),
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Search by name or email"
          aria-label="Search users"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ width: 320, maxWidth: '100%' }}
        />
      </Flex>
      <Table<UserResource>
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={users.data?.data}
        loading={users.isFetching && !users.isPending}
        pagination={tablePagination(state, users.data?.meta)}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: users.isPending ? <TableLoading rows={6} /> : 'No users found' }}
      />
      <UserProfileDrawer userId={profileUserId} onClose={() => setProfileUserId(undefined)} />
    </>
  );
}
