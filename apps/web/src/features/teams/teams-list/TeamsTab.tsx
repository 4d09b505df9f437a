import { SearchOutlined } from '@ant-design/icons';
import { Flex, Input, Tag, Typography, type TableColumnsType } from 'antd';
import { SEARCH_DEBOUNCE_MS, formatCents, type TeamResource } from '@wallet/contract';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListTable, StackedItem } from '../../../components/ListTable';
import { TableLoading } from '../../../components/TableLoading';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatDate } from '../../../lib/dates';
import { listQueryParams, sortOrderOf, tablePagination } from '../../../lib/list-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useListState } from '../../../lib/use-list-state';
import { paths } from '../../../paths';
import { TEAM_LIST_INCLUDES, useTeams } from '../api/get-teams';
import { ColorDot } from '../TeamTags';

function NewTag() {
  return (
    <Tag color="blue" style={{ marginInlineEnd: 0 }}>
      New
    </Tag>
  );
}

/**
 * Teams: each team's members, active cards and approved request amount; sorted and paged on the server. A row opens
 * its team; `created`, the team just created, is shown first and marked New.
 */
export function TeamsTab({ created }: { created?: TeamResource }) {
  const navigate = useNavigate();
  const { state, onTableChange, setFilter } = useListState({ sort: 'name' });
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => setFilter('search', debouncedSearch || undefined), [debouncedSearch, setFilter]);

  const teams = useTeams(listQueryParams(state, { include: TEAM_LIST_INCLUDES }));
  const rows = useMemo(() => {
    const page = teams.data?.data;
    if (!page || !created) return page;
    return [page.find((team) => team.id === created.id) ?? created, ...page.filter((team) => team.id !== created.id)];
  }, [teams.data, created]);
  const isNew = (team: TeamResource) => team.id === created?.id;
  const viewDetails = (team: TeamResource) => (
    <Link to={paths.team(team.id)} aria-label={`View Details of ${team.name}`} style={{ whiteSpace: 'nowrap' }}>
      View Details
    </Link>
  );

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
          {isNew(team) && <NewTag />}
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
      className: 'list-table-nowrap',
      render: (_, team) => formatCents(team.approved_request_amount ?? 0),
    },
    {
      title: 'Created',
      key: 'created_at',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'created_at'),
      className: 'list-table-nowrap',
      render: (_, team) => formatDate(team.created_at),
    },
    {
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      key: 'actions',
      align: 'right',
      render: (_, team) => viewDetails(team),
    },
  ];

  const stacked = {
    label: 'Team',
    render: (team: TeamResource) => (
      <StackedItem
        leading={<ColorDot color={team.color} />}
        title={
          <Flex align="center" gap={8} wrap>
            {team.name}
            {isNew(team) && <NewTag />}
          </Flex>
        }
        aside={viewDetails(team)}
        fields={[
          { label: 'Members', value: team.members_count ?? 0 },
          { label: 'Active Cards', value: team.active_cards_count ?? 0 },
          { label: 'Approved Requests', value: formatCents(team.approved_request_amount ?? 0) },
          { label: 'Created', value: formatDate(team.created_at) },
        ]}
      />
    ),
  };

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
      <ListTable<TeamResource>
        size="middle"
        rowKey="id"
        columns={columns}
        stacked={stacked}
        onOpen={(team) => void navigate(paths.team(team.id))}
        highlightKey={created?.id}
        dataSource={rows}
        loading={teams.isFetching && !teams.isPending}
        pagination={tablePagination(state, teams.data?.meta)}
        onChange={onTableChange}
        locale={{ emptyText: teams.isPending ? <TableLoading rows={6} /> : 'No teams yet' }}
      />
    </>
  );
}
