import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { Button, Card, Flex, Popconfirm, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import { TEAM_MESSAGES, type TeamResource } from '@wallet/contract';
import { useState } from 'react';
import { ListTable, StackedItem } from '../../../components/ListTable';
import { UserAvatar } from '../../../components/UserAvatar';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useWalletUsers } from '../api/get-users';
import { useUpdateApprovalPath } from '../api/update-approval-path';
import { WalletUserSelect } from '../WalletUserSelect';
import { DragHandle, SortableRow, verticalOnly } from './SortableRow';

type Approver = NonNullable<TeamResource['approval_path_users']>[number];

/**
 * The team's ordered approval path: drag a row (or use its move buttons) to reorder, remove an approver, add
 * people from a multi-select. Every change saves the whole path.
 */
export function ApprovalPathCard({ team }: { team: TeamResource }) {
  const approvers = team.approval_path_users ?? [];
  const ids = approvers.map((approver) => approver.id);
  const updatePath = useUpdateApprovalPath();
  const walletUsers = useWalletUsers();
  const notifySuccess = useNotifySuccess();
  const [adding, setAdding] = useState<number[]>([]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const save = (approvalPath: number[], added: Approver[] = [], onSaved?: () => void) =>
    updatePath.mutate(
      { teamId: team.id, approvalPath, added },
      {
        onSuccess: () => {
          notifySuccess(TEAM_MESSAGES.updated);
          onSaved?.();
        },
      },
    );

  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length) return;
    save(arrayMove(ids, from, to));
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };

  const addChosen = () => {
    const chosen = (walletUsers.data?.data ?? [])
      .filter((user) => adding.includes(user.id))
      .map((user) => ({ id: user.id, name: user.name, email: user.email, avatar_url: user.avatar_url }));
    save([...ids, ...adding.filter((id) => !ids.includes(id))], chosen, () => setAdding([]));
  };

  const rowButtons = (approver: Approver, index: number) => (
    <Space size={0}>
      <Tooltip title="Move up">
        <Button
          type="text"
          size="small"
          icon={<ArrowUpOutlined />}
          aria-label={`Move ${approver.name} up`}
          disabled={index === 0 || updatePath.isPending}
          onClick={() => move(index, index - 1)}
        />
      </Tooltip>
      <Tooltip title="Move down">
        <Button
          type="text"
          size="small"
          icon={<ArrowDownOutlined />}
          aria-label={`Move ${approver.name} down`}
          disabled={index === ids.length - 1 || updatePath.isPending}
          onClick={() => move(index, index + 1)}
        />
      </Tooltip>
      <Popconfirm
        title="Remove this approver from the path?"
        okText="Remove"
        okButtonProps={{ danger: true }}
        onConfirm={() => save(ids.filter((id) => id !== approver.id))}
      >
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Remove ${approver.name} from the approval path`}
        />
      </Popconfirm>
    </Space>
  );

  const columns: TableColumnsType<Approver> = [
    {
      title: <VisuallyHidden>Drag to reorder</VisuallyHidden>,
      key: 'drag',
      width: 40,
      render: (_, approver) => <DragHandle label={`Drag to reorder ${approver.name}`} />,
    },
    { title: '#', key: 'position', width: 36, render: (_, _approver, index) => index + 1 },
    {
      title: 'Approver',
      key: 'approver',
      className: 'list-table-fill',
      render: (_, approver) => (
        <Flex align="center" gap={10} style={{ minWidth: 0 }}>
          <UserAvatar name={approver.name} src={approver.avatar_url} size="small" />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis={{ tooltip: approver.name }}>
              {approver.name}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis={{ tooltip: approver.email }} style={{ fontSize: 12 }}>
              {approver.email}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    {
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      key: 'actions',
      align: 'right',
      width: 112,
      render: (_, approver, index) => rowButtons(approver, index),
    },
  ];

  const stacked = {
    label: 'Approver',
    render: (approver: Approver, index: number) => (
      <StackedItem
        leading={
          <Flex align="center" gap={4}>
            <DragHandle label={`Drag to reorder ${approver.name}`} />
            <Typography.Text strong>{index + 1}</Typography.Text>
          </Flex>
        }
        title={approver.name}
        subtitle={approver.email}
        actions={rowButtons(approver, index)}
      />
    ),
  };

  return (
    <Card title="Approval Path" styles={{ body: { padding: 0 } }}>
      <Typography.Paragraph type="secondary" style={{ padding: '16px 24px 0', marginBottom: 12 }}>
        Purchase requests are approved by these people, in this order.
      </Typography.Paragraph>
      <Flex gap={8} style={{ padding: '0 24px 16px' }}>
        <WalletUserSelect
          aria-label="Add approvers"
          placeholder="Add approvers"
          exclude={ids}
          value={adding}
          onChange={setAdding}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button
          type="primary"
          onClick={addChosen}
          disabled={adding.length === 0}
          loading={updatePath.isPending && adding.length > 0}
        >
          Add
        </Button>
      </Flex>
      <div>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          modifiers={[verticalOnly]}
          onDragEnd={handleDragEnd}
        >
          <SortableContext items={ids.map(String)} strategy={verticalListSortingStrategy}>
            <ListTable<Approver>
              rowKey="id"
              columns={columns}
              stacked={stacked}
              dataSource={approvers}
              components={{ body: { row: SortableRow } }}
              pagination={false}
              size="middle"
              locale={{ emptyText: 'No approvers yet: requests of this team go straight to the admins.' }}
            />
          </SortableContext>
        </DndContext>
      </div>
    </Card>
  );
}
