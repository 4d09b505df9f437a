import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { REQUEST_MESSAGES, REQUEST_TEXTS } from '@wallet/contract';
import { useNotifyError } from '../../../lib/use-notify-error';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useDeleteRequests, type DeletionKind } from '../api/delete-requests';

interface Props {
  kind: DeletionKind;
  selectedIds: number[];
  /** Called with the ids the server refused, which stay selected. */
  onDone: (failedIds: number[]) => void;
}

/** The Action menu: 'Discard Request(s)' deletes the selected rows and says what happened to each. */
export function DiscardAction({ kind, selectedIds, onDone }: Props) {
  const { modal } = App.useApp();
  const discard = useDeleteRequests();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const count = selectedIds.length;

  const run = () =>
    discard.mutateAsync({ kind, ids: selectedIds }).then(({ deleted, failed }) => {
      if (deleted.length > 0)
        notifySuccess(REQUEST_MESSAGES.deleted, `${deleted.length} of ${count} request(s) deleted.`);
      failed.forEach(({ error }) => notifyError(error));
      onDone(failed.map(({ id }) => id));
    });

  const confirm = () =>
    modal.confirm({
      title: `${REQUEST_MESSAGES.discard}?`,
      content: `${count} selected request(s) will be deleted. This cannot be undone.`,
      okText: 'Discard',
      okButtonProps: { danger: true },
      onOk: run,
    });

  return (
    <Dropdown
      menu={{ items: [{ key: 'discard', label: REQUEST_MESSAGES.discard, danger: true, onClick: confirm }] }}
      disabled={count === 0 || discard.isPending}
      trigger={['click']}
      autoFocus
    >
      <Button loading={discard.isPending} aria-label={`${REQUEST_TEXTS.action} (${count} selected)`}>
        {REQUEST_TEXTS.action}
        {count > 0 ? ` (${count})` : ''} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
