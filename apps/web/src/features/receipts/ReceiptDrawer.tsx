import { DeleteOutlined, DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, App, Button, Drawer, Flex, Popconfirm, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { RECEIPT_MESSAGES, type Receipt } from '@wallet/contract';
import { HttpError } from '../../lib/http';
import { useAttachReceipt, useRemoveReceipt } from './api/receipts';
import { ReceiptFileButtons } from './ReceiptFileButtons';
import { receiptImageUrl } from './receipt-image-url';

/** The server's message for the receipt field, else its message. */
export function receiptProblemOf(error: unknown): string {
  if (error instanceof HttpError) return error.errors.receipt?.[0] ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

interface Props {
  open: boolean;
  onClose: () => void;
  expenseId: number;
  /** The transaction in words ("$12.50 at Blue Bottle Coffee on 3 Feb"), for titles and screen readers. */
  transaction: string;
  receipt: Pick<Receipt, 'id' | 'type' | 'file_url'>;
  canEdit: boolean;
  /** Why Replace and Remove are disabled (the transaction's month is closed). */
  lockedReason?: string;
}

/**
 * A transaction's receipt: the image itself (a HEIC photo as the server's JPEG of it; a PDF opens in a tab; the HEIC
 * original downloads), and Replace / Remove for its holder.
 */
export function ReceiptDrawer({ open, onClose, expenseId, transaction, receipt, canEdit, lockedReason }: Props) {
  const { message } = App.useApp();
  const attach = useAttachReceipt();
  const remove = useRemoveReceipt();
  const [problem, setProblem] = useState<string>();
  const image = receiptImageUrl(receipt);
  return (
    <Drawer open={open} onClose={onClose} title="Receipt" width={520} destroyOnHidden>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{transaction}</Typography.Text>
        {image ? (
          <img
            src={image}
            alt={`Receipt for ${transaction}`}
            style={{ maxWidth: '100%', border: '1px solid #f0f0f0', borderRadius: 8 }}
          />
        ) : (
          <Alert type="info" showIcon message="This receipt is a PDF. Open it to read it." />
        )}
        <Flex gap={8} wrap>
          <Button
            icon={receipt.type === 'heic' ? <DownloadOutlined /> : <ExportOutlined />}
            href={receipt.file_url}
            target="_blank"
            rel="noopener"
            {...(receipt.type === 'heic' ? { download: true } : {})}
          >
            {receipt.type === 'heic' ? 'Download' : 'Open in a new tab'}
          </Button>
          {canEdit && (
            <>
              <ReceiptFileButtons
                label="Replace"
                accessibleFor={transaction}
                size="middle"
                busy={attach.isPending}
                disabledReason={lockedReason}
                onProblem={setProblem}
                onFile={(file) => {
                  setProblem(undefined);
                  attach.mutate(
                    { expenseId, file },
                    {
                      onSuccess: (answer) => void message.success(answer.message),
                      onError: (error) => setProblem(receiptProblemOf(error)),
                    },
                  );
                }}
              />
              <Popconfirm
                disabled={lockedReason !== undefined}
                title="Remove this receipt?"
                okText="Remove"
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove.mutate(receipt.id, {
                    onSuccess: () => {
                      void message.success(RECEIPT_MESSAGES.removed);
                      onClose();
                    },
                    onError: (error) => setProblem(receiptProblemOf(error)),
                  })
                }
              >
                {lockedReason ? (
                  <Tooltip title={lockedReason}>
                    <Button danger icon={<DeleteOutlined />} disabled>
                      Remove
                    </Button>
                  </Tooltip>
                ) : (
                  <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                    Remove
                  </Button>
                )}
              </Popconfirm>
            </>
          )}
        </Flex>
        {canEdit && lockedReason && <Alert type="info" showIcon title={lockedReason} />}
        {problem && <Alert type="error" showIcon message={problem} role="alert" />}
      </Flex>
    </Drawer>
  );
}
