import { CheckCircleFilled, FileImageOutlined, FilePdfOutlined } from '@ant-design/icons';
import { App, Button, Flex, Select, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { RECEIPT_INBOX_TEXTS, RECEIPT_MESSAGES, type Receipt } from '@wallet/contract';
import { formatMoney } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useAttachInboxReceipt, useMyPurchasesMissingReceipts } from './api/inbox';
import { receiptProblemOf } from './ReceiptDrawer';
import { receiptImageUrl } from './receipt-image-url';
import { transactionLabel } from './transaction-label';

const THUMB = 72;

function Thumbnail({ receipt }: { receipt: Receipt }) {
  const box = {
    width: THUMB,
    height: THUMB,
    flex: `0 0 ${THUMB}px`,
    borderRadius: 8,
    border: '1px solid #f0f0f0',
    background: '#fafafa',
  } as const;
  const image = receiptImageUrl(receipt);
  if (image) return <img src={image} alt="" style={{ ...box, objectFit: 'cover' }} />;
  return (
    <Flex align="center" justify="center" style={box} aria-hidden>
      {receipt.type === 'pdf' ? (
        <FilePdfOutlined style={{ fontSize: 28 }} />
      ) : (
        <FileImageOutlined style={{ fontSize: 28 }} />
      )}
    </Flex>
  );
}

/** What the reading found, in a line: "$30.00 · 3 Feb 2025 · SWEETGREEN". */
function readingSummary(receipt: Receipt): string | null {
  const ocr = receipt.ocr;
  if (!ocr) return null;
  const day = ocr.date
    ? new Date(`${ocr.date}T00:00:00Z`).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : null;
  const parts = [ocr.amount === null ? null : formatMoney(ocr.amount), day, ocr.merchant].filter(Boolean);
  return parts.length ? `Read: ${parts.join(' · ')}` : 'Nothing could be read from it.';
}

/** A receipt in the inbox: reading, matched (where it went), or waiting for its transaction (a suggestion or a pick). */
export function InboxReceiptItem({ receipt, userId }: { receipt: Receipt; userId: number }) {
  const { message } = App.useApp();
  const attach = useAttachInboxReceipt();
  const [picking, setPicking] = useState(false);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const purchases = useMyPurchasesMissingReceipts(userId, debounced, picking);
  const [problem, setProblem] = useState<string>();
  const attachTo = (expenseId: number) => {
    setProblem(undefined);
    attach.mutate(
      { receiptId: receipt.id, expenseId },
      {
        onSuccess: () => void message.success(RECEIPT_MESSAGES.attached),
        onError: (error) => setProblem(receiptProblemOf(error) || RECEIPT_INBOX_TEXTS.expenseRequired),
      },
    );
  };
  const summary = readingSummary(receipt);
  return (
    <Flex gap={12} align="flex-start" style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Thumbnail receipt={receipt} />
      <Flex vertical gap={6} style={{ minWidth: 0, flex: 1 }}>
        <Typography.Link href={receipt.file_url} target="_blank" rel="noopener" ellipsis strong>
          {receipt.file_name}
        </Typography.Link>
        {receipt.reading === 'queued' ? (
          <Flex gap={8} align="center" role="status">
            <Spin size="small" />
            <Typography.Text type="secondary">{RECEIPT_INBOX_TEXTS.reading}</Typography.Text>
          </Flex>
        ) : (
          summary && <Typography.Text type="secondary">{summary}</Typography.Text>
        )}
        {receipt.reading === 'unreadable' && (
          <Typography.Text type="secondary">{RECEIPT_INBOX_TEXTS.unreadable}</Typography.Text>
        )}
        {receipt.reading === 'failed' && (
          <Typography.Text type="secondary">{RECEIPT_INBOX_TEXTS.failed}</Typography.Text>
        )}
        {receipt.expense_id !== null && receipt.transaction ? (
          <Typography.Text>
            <CheckCircleFilled style={{ color: '#389e0d', marginInlineEnd: 6 }} aria-hidden />
            {RECEIPT_INBOX_TEXTS.attachedTo}: {transactionLabel(receipt.transaction)}
          </Typography.Text>
        ) : (
          receipt.reading !== 'queued' && (
            <Flex vertical gap={8}>
              {receipt.match && receipt.transaction ? (
                <Flex gap={8} align="center" wrap>
                  <Tag color="blue">{RECEIPT_INBOX_TEXTS.suggested}</Tag>
                  <Typography.Text>{transactionLabel(receipt.transaction)}</Typography.Text>
                  <Button
                    size="small"
                    type="primary"
                    loading={attach.isPending}
                    onClick={() => attachTo(receipt.match!.expense_id)}
                    aria-label={`${RECEIPT_INBOX_TEXTS.confirm}: ${transactionLabel(receipt.transaction)}`}
                  >
                    {RECEIPT_INBOX_TEXTS.confirm}
                  </Button>
                </Flex>
              ) : (
                receipt.reading === 'read' && (
                  <Typography.Text type="secondary">{RECEIPT_INBOX_TEXTS.noMatch}</Typography.Text>
                )
              )}
              {picking ? (
                <Select<number>
                  showSearch
                  autoFocus
                  filterOption={false}
                  onSearch={setSearch}
                  loading={purchases.isFetching}
                  placeholder="Search your purchases"
                  aria-label={`Pick the purchase for ${receipt.file_name}`}
                  options={(purchases.data?.data ?? []).map((purchase) => ({
                    value: purchase.id,
                    label: transactionLabel(purchase),
                  }))}
                  notFoundContent={purchases.isFetching ? <Spin size="small" /> : 'No purchase is missing a receipt'}
                  onChange={attachTo}
                  style={{ maxWidth: 420, width: '100%' }}
                />
              ) : (
                <Button size="small" onClick={() => setPicking(true)} style={{ alignSelf: 'flex-start' }}>
                  Pick the purchase
                </Button>
              )}
            </Flex>
          )
        )}
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
