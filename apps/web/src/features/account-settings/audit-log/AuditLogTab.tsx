import { Button, DatePicker, Empty, Flex, Select, Tooltip, Typography, type TableColumnsType } from 'antd';
import { AUDIT_ACTIONS, AUDIT_TEXTS, auditActionLabel, type AuditEntryResource } from '@wallet/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { ListTable, StackedItem } from '../../../components/ListTable';
import { TableLoading } from '../../../components/TableLoading';
import { DATE_FORMATS, WIRE_DAY, formatDateTime } from '../../../lib/dates';
import { listQueryParams, tablePagination } from '../../../lib/list-query';
import { useListState } from '../../../lib/use-list-state';
import { useIsMobile } from '../../../lib/use-media-query';
import { useAdmins } from '../api/get-audit-log-actors';
import { useAuditLog } from '../api/get-audit-log';
import { describeDetails, describeSubject } from './describe';

const future = (day: Dayjs) => day.isAfter(dayjs(), 'day');
const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionLabel(action) }));

function actorName(entry: AuditEntryResource): string {
  if (entry.actor_kind === 'system') return AUDIT_TEXTS.system;
  return entry.actor?.name ?? AUDIT_TEXTS.formerUser;
}

const when = (entry: AuditEntryResource) => formatDateTime(entry.created_at);

/** The details in words, and where the change came from (address; the browser on hover). */
function DetailsCell({ entry }: { entry: AuditEntryResource }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <span>{describeDetails(entry) || '—'}</span>
      {entry.ip ? (
        <Tooltip title={entry.user_agent ?? undefined}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`From ${entry.ip}`}
          </Typography.Text>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

const columns: TableColumnsType<AuditEntryResource> = [
  {
    title: 'When',
    key: 'created_at',
    width: 170,
    render: (_, entry) => <span style={{ whiteSpace: 'nowrap' }}>{when(entry)}</span>,
  },
  { title: 'Actor', key: 'actor', width: 150, render: (_, entry) => actorName(entry) },
  { title: 'Action', key: 'action', width: 190, render: (_, entry) => auditActionLabel(entry.action) },
  { title: 'Subject', key: 'subject', width: 210, render: (_, entry) => describeSubject(entry) },
  { title: 'Details', key: 'details', render: (_, entry) => <DetailsCell entry={entry} /> },
];

/** On a phone: who did what on top, the subject, details and time below. */
const stacked = {
  label: 'Entry',
  render: (entry: AuditEntryResource) => (
    <StackedItem
      title={`${actorName(entry)}: ${auditActionLabel(entry.action)}`}
      subtitle={when(entry)}
      fields={[
        { label: 'Subject', value: describeSubject(entry), wide: true },
        { label: 'Details', value: <DetailsCell entry={entry} />, wide: true },
      ]}
    />
  ),
};

/** The date filter: one range picker on a wide screen, two one-month pickers on a phone (two months don't fit). */
function DaysFilter({
  value,
  onChange,
}: {
  value: [Dayjs, Dayjs] | null;
  onChange: (range: [Dayjs, Dayjs] | null) => void;
}) {
  const mobile = useIsMobile();
  if (!mobile) {
    return (
      <DatePicker.RangePicker
        aria-label="Between dates"
        value={value}
        onChange={(next) => onChange(next?.[0] && next[1] ? [next[0], next[1]] : null)}
        allowEmpty={[true, true]}
        disabledDate={future}
        format={DATE_FORMATS.date}
        allowClear
        style={{ width: 280, maxWidth: '100%' }}
      />
    );
  }
  const setStart = (start: Dayjs | null) =>
    onChange(start ? [start, value && !value[1].isBefore(start, 'day') ? value[1] : start] : null);
  const setEnd = (end: Dayjs | null) =>
    onChange(end ? [value && !value[0].isAfter(end, 'day') ? value[0] : end, end] : null);
  return (
    <Flex gap={8} style={{ width: '100%' }}>
      <DatePicker
        aria-label="From date"
        placeholder="From"
        value={value?.[0] ?? null}
        onChange={setStart}
        disabledDate={future}
        format={DATE_FORMATS.date}
        inputReadOnly
        style={{ flex: 1, minWidth: 0 }}
      />
      <DatePicker
        aria-label="To date"
        placeholder="To"
        value={value?.[1] ?? null}
        onChange={setEnd}
        disabledDate={future}
        format={DATE_FORMATS.date}
        inputReadOnly
        style={{ flex: 1, minWidth: 0 }}
      />
    </Flex>
  );
}

/** Account Settings -> Audit Log (admins): who changed money, roles, cards and approvals, newest first. */
export function AuditLogTab() {
  const { state, onTableChange, setFilter } = useListState({ sort: '-created_at' });
  const mobile = useIsMobile();
  const admins = useAdmins();
  const log = useAuditLog(listQueryParams(state));

  const actorId = state.filters.actor_id ? Number(state.filters.actor_id) : undefined;
  const actions = state.filters.action?.split(',') ?? [];
  const between = state.filters.between?.split(',');
  const range: [Dayjs, Dayjs] | null = between?.length === 2 ? [dayjs(between[0]), dayjs(between[1])] : null;
  const filtered = Boolean(state.filters.actor_id || state.filters.action || state.filters.between);
  const clear = () => ['actor_id', 'action', 'between'].forEach((name) => setFilter(name, undefined));

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} align="center" role="search" aria-label="Filter the audit log">
        <Select<number>
          aria-label="Actor"
          allowClear
          showSearch={{ optionFilterProp: ['label', 'email'] }}
          placeholder={AUDIT_TEXTS.actorPlaceholder}
          loading={admins.isPending}
          value={actorId}
          onChange={(id) => setFilter('actor_id', id === undefined ? undefined : String(id))}
          options={(admins.data?.data ?? []).map((admin) => ({
            value: admin.id,
            label: admin.name,
            email: admin.email,
          }))}
          style={{ width: mobile ? '100%' : 220 }}
        />
        <Select<string[]>
          aria-label="Action"
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={AUDIT_TEXTS.actionPlaceholder}
          value={actions}
          onChange={(next) => setFilter('action', next.length ? next.join(',') : undefined)}
          options={ACTION_OPTIONS}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: mobile ? '100%' : 300 }}
        />
        <DaysFilter
          value={range}
          onChange={(next) =>
            setFilter('between', next ? `${next[0].format(WIRE_DAY)},${next[1].format(WIRE_DAY)}` : undefined)
          }
        />
        {filtered ? <Button onClick={clear}>Clear Filters</Button> : null}
      </Flex>
      <ListTable<AuditEntryResource>
        size="middle"
        rowKey="id"
        columns={columns}
        stacked={stacked}
        dataSource={log.data?.data}
        loading={log.isFetching && !log.isPending}
        pagination={tablePagination(state, log.data?.meta)}
        onChange={onTableChange}
        locale={{
          emptyText: log.isPending ? (
            <TableLoading rows={6} />
          ) : log.isError ? (
            <Typography.Text type="danger">{"We couldn't load the audit log."}</Typography.Text>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? AUDIT_TEXTS.empty : AUDIT_TEXTS.none} />
          ),
        }}
      />
    </Flex>
  );
}
