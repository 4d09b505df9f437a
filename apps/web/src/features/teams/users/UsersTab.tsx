import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { SEARCH_DEBOUNCE_MS, UI_TEXTS, type UserResource } from '@wallet/contract';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListTable, StackedItem } from '../../../components/ListTable';
import { TableLoading } from '../../../components/TableLoading';
import { UserAvatar } from '../../../components/UserAvatar';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { listQueryParams, sortOrderOf, tablePagination } from '../../../lib/list-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useListState } from '../../../lib/use-list-state';
import { useUsers } from '../api/get-users';
import { RoleCell, roleFilters } from '../roles';
import { TeamTags } from '../TeamTags';
import { UserProfileDrawer } from './UserProfileDrawer';

/** The query parameter of the user whose profile is open (the Added notice links to it). */
export const PROFILE_PARAM = 'user';
const roleOptions = roleFilters.map(({ value, text }) => ({ value, label: text }));

function StatusTag({ user }: { user: UserResource }) {
  return user.invitation_pending ? (
    <Tag color="gold" style={{ marginInlineEnd: 0 }}>
      {UI_TEXTS.invitationPending}
    </Tag>
  ) : (
    <Tag color="green" style={{ marginInlineEnd: 0 }}>
      Active
    </Tag>
  );
}

function NewTag() {
  return (
    <Tag color="blue" style={{ marginInlineEnd: 0 }}>
      New
    </Tag>
  );
}

/**
 * All Users: everyone with a wallet role, searched, filtered, sorted and paged on the server. A click on a row (or
 * Enter) opens the profile; `added`, the user just added, is shown first and marked New whatever page it sorts to.
 */
export function UsersTab({ added }: { added?: UserResource }) {
  const { state, onTableChange, setFilter } = useListState({ sort: 'name' });
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [searchParams, setSearchParams] = useSearchParams();
  const profileUserId = Number(searchParams.get(PROFILE_PARAM)) || undefined;
  const setProfileUserId = (id: number | undefined) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id === undefined) next.delete(PROFILE_PARAM);
        else next.set(PROFILE_PARAM, String(id));
        return next;
      },
      { replace: true },
    );

  useEffect(() => setFilter('search', debouncedSearch || undefined), [debouncedSearch, setFilter]);

  const users = useUsers(listQueryParams(state, { 'filter[wallet]': 'true', include: 'teams,roles' }));
  const roles = state.filters.role?.split(',') ?? [];
  const rows = useMemo(() => {
    const page = users.data?.data;
    if (!page || !added) return page;
    return [page.find((user) => user.id === added.id) ?? added, ...page.filter((user) => user.id !== added.id)];
  }, [users.data, added]);

  const isNew = (user: UserResource) => user.id === added?.id;
  const viewProfile = (user: UserResource) => (
    <Button
      type="link"
      onClick={() => setProfileUserId(user.id)}
      aria-label={`View Profile of ${user.name}`}
      style={{ paddingInline: 0 }}
    >
      View Profile
    </Button>
  );

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
          {isNew(user) && <NewTag />}
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
    // The per-column filter, in step with the Role select above the list (which keyboards and phones reach).
    {
      title: 'Role',
      key: 'role',
      filters: roleFilters,
      filteredValue: roles.length ? roles : null,
      render: (_, user) => <RoleCell roles={user.roles} />,
    },
    { title: 'Teams', key: 'teams', render: (_, user) => <TeamTags teams={user.teams} /> },
    { title: 'Status', key: 'status', className: 'list-table-nowrap', render: (_, user) => <StatusTag user={user} /> },
    {
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      key: 'actions',
      align: 'right',
      className: 'list-table-nowrap',
      render: (_, user) => viewProfile(user),
    },
  ];

  const stacked = {
    label: 'User',
    render: (user: UserResource) => (
      <StackedItem
        leading={<UserAvatar name={user.name} src={user.avatar_url} />}
        title={
          <Flex align="center" gap={8} wrap>
            {user.name}
            {isNew(user) && <NewTag />}
          </Flex>
        }
        subtitle={user.email}
        fields={[
          { label: 'Role', value: <RoleCell roles={user.roles} /> },
          { label: 'Teams', value: user.teams?.length ? <TeamTags teams={user.teams} /> : '—' },
          { label: 'Status', value: <StatusTag user={user} /> },
          { label: 'Profile', value: viewProfile(user) },
        ]}
      />
    ),
  };

  return (
    <>
      <Flex align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Search by name or email"
          aria-label="Search users"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ width: 320, maxWidth: '100%' }}
        />
        <Select<string[]>
          mode="multiple"
          allowClear
          aria-label="Filter by role"
          placeholder="All roles"
          maxTagCount="responsive"
          options={roleOptions}
          value={roles}
          onChange={(next) => setFilter('role', next.length ? next.join(',') : undefined)}
          style={{ width: 260, maxWidth: '100%' }}
        />
      </Flex>
      <ListTable<UserResource>
        size="middle"
        rowKey="id"
        columns={columns}
        stacked={stacked}
        onOpen={(user) => setProfileUserId(user.id)}
        highlightKey={added?.id}
        dataSource={rows}
        loading={users.isFetching && !users.isPending}
        pagination={tablePagination(state, users.data?.meta)}
        onChange={onTableChange}
        locale={{ emptyText: users.isPending ? <TableLoading rows={6} /> : 'No users found' }}
      />
      <UserProfileDrawer userId={profileUserId} onClose={() => setProfileUserId(undefined)} />
    </>
  );
}
