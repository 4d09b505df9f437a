import { FileImageOutlined } from '@ant-design/icons';
import { App, Button, Typography } from 'antd';
import { useState } from 'react';
import { RECEIPT_STATUS_LABELS, type Receipt, type ReceiptStatus } from '@wallet/contract';
import { useAttachReceipt } from './api/receipts';
import { ReceiptDrawer, receiptProblemOf } from './ReceiptDrawer';
import { ReceiptFileButtons } from './ReceiptFileButtons';

interface Props {
  expenseId: number;
  /** The transaction in words, for the drawer's title and screen readers. */
  transaction: string;
  receipt: Pick<Receipt, 'id' | 'type' | 'file_url'> | null;
  /** Not required (a refund): said so, with nothing to attach. */
  status?: ReceiptStatus;
  /** Its cardholder or an admin. */
  canEdit: boolean;
  /** Why it can't change now (its month is closed, issue 21.6): attach, replace and remove are disabled. */
  lockedReason?: string;
}

/** A transactions table's receipt column: View (opens the receipt), or Attach / Take photo, or "Missing". */
export function ReceiptCell({ expenseId, transaction, receipt, status, canEdit, lockedReason }: Props) {
  const { message } = App.useApp();
  const attach = useAttachReceipt();
  const [open, setOpen] = useState(false);
  if (receipt)
    return (
      <>
        <Button
          size="small"
          type="link"
          icon={<FileImageOutlined />}
          aria-label={`View the receipt for ${transaction}`}
          onClick={() => setOpen(true)}
        >
          View
        </Button>
        <ReceiptDrawer
          open={open}
          onClose={() => setOpen(false)}
          expenseId={expenseId}
          transaction={transaction}
          receipt={receipt}
          canEdit={canEdit}
          lockedReason={lockedReason}
        />
      </>
    );
  if (status === 'not_required')
    return <Typography.Text type="secondary">{RECEIPT_STATUS_LABELS.not_required}</Typography.Text>;
  if (!canEdit) return <Typography.Text type="secondary">{RECEIPT_STATUS_LABELS.missing}</Typography.Text>;
  return (
    <ReceiptFileButtons
      label="Attach"
      accessibleFor={transaction}
      busy={attach.isPending}
      disabledReason={lockedReason}
      onProblem={(problem) => void message.error(problem)}
      onFile={(file) =>
        attach.mutate(
          { expenseId, file },
          {
            onSuccess: (answer) => void message.success(answer.message),
            onError: (error) => void message.error(receiptProblemOf(error)),
          },
        )
      }
    />
  );
}
