import { SearchOutlined } from '@ant-design/icons';
import { Flex, Input, Table, Typography, type TableColumnsType } from 'antd';
import { SEARCH_DEBOUNCE_MS, formatCents, type TeamResource } from '@wallet/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TableLoading } from '../../../components/TableLoading';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatDate } from '../../../lib/format';
import { listQueryParams, sortOrderOf, tablePagination } from '../../../lib/list-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useListState } from '../../../lib/use-list-state';
import { paths } from '../../../paths';
import { TEAM_LIST_INCLUDES, useTeams } from '../api/get-teams';
import { ColorDot } from '../TeamTags';

/** Teams: each team's members, active cards and approved request amount; sorted and paged on the server. */
export function TeamsTab() {
  const { state, onTableChange, setFilter } = useListState({ sort: 'name' });
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => setFilter('search', debouncedSearch || undefined), [debouncedSearch, setFilter]);

  const teams = useTeams(listQueryParams(state, { include: TEAM_LIST_INCLUDES }));

  const columns: TableColumnsType<TeamResource> = [
    {
      title: 'Team',
      key: 'name',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'name'),
      render: (_, team) => (
        <Flex align="center" gap={10}>
          <ColorDot color={team.color} />
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {team.name}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Members',
      key: 'members_count',
      dataIndex: 'members_count',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'members_count'),
      align: 'right',
    },
    { title: 'Active Cards', key: 'active_cards_count', dataIndex: 'active_cards_count', align: 'right' },
    {
      title: 'Approved Requests',
      key: 'approved_request_amount',
      align: 'right',
      render: (_, team) => formatCents(team.approved_request_amount ?? 0),
    },
    {
      title: 'Created',
      key: 'created_at',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'created_at'),
      render: (_, team) => formatDate(team.created_at),
    },
    {
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      key: 'actions',
      align: 'right',
      render: (_, team) => (
        <Link to={paths.team(team.id)} aria-label={`View Details of ${team.name}`}>
          View Details
        </Link>
      ),
    },
  ];

  return (
    <>
      <Flex style={{ marginBottom: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Search teams"
          aria-label="Search teams"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ width: 320, maxWidth: '100%' }}
        />
      </Flex>
      <Table<TeamResource>
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={teams.data?.data}
        loading={teams.isFetching && !teams.isPending}
        pagination={tablePagination(state, teams.data?.meta)}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: teams.isPending ? <TableLoading rows={6} /> : 'No teams yet' }}
      />
    </>
  );
}
