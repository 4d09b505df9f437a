import { InboxOutlined } from '@ant-design/icons';
import { Alert, App, Card, Empty, Flex, Pagination, Skeleton, Typography, Upload } from 'antd';
import { useState } from 'react';
import { RECEIPT_ACCEPT, RECEIPT_INBOX_TEXTS, RECEIPT_MAX_BYTES, RECEIPT_MESSAGES } from '@wallet/contract';
import { LoadFailed } from '../../components/LoadFailed';
import { PageTitle } from '../../components/PageTitle';
import { useCurrentUser } from '../../lib/session';
import { INBOX_PAGE_SIZE, useReceiptInbox, useUploadToInbox } from './api/inbox';
import { InboxReceiptItem } from './InboxReceiptItem';
import { receiptProblemOf } from './ReceiptDrawer';

/** Most receipts one upload takes (the server's limit). */
const MAX_FILES = 20;

/**
 * /receipts (issue 21.3): drop or pick many receipts (on a phone the picker offers the camera); each is read on the
 * server and finds its purchase by itself when sure, else suggests one to confirm or lets the person pick.
 */
export function ReceiptInboxPage() {
  const { message } = App.useApp();
  const me = useCurrentUser();
  const [page, setPage] = useState(1);
  const inbox = useReceiptInbox(page);
  const upload = useUploadToInbox();
  const [problem, setProblem] = useState<string>();

  const send = (files: File[]) => {
    setProblem(undefined);
    if (files.length > MAX_FILES) return setProblem(`Up to ${MAX_FILES} receipts at once.`);
    const large = files.find((file) => file.size > RECEIPT_MAX_BYTES);
    if (large) return setProblem(`${large.name}: ${RECEIPT_MESSAGES.tooLarge}`);
    upload.mutate(files, {
      onSuccess: (answer) => {
        void message.success(answer.message);
        setPage(1);
      },
      onError: (error) => setProblem(receiptProblemOf(error)),
    });
  };
  const items = inbox.data?.data ?? [];
  return (
    <>
      <PageTitle>{RECEIPT_INBOX_TEXTS.title}</PageTitle>
      <Flex vertical gap={16}>
        <Card>
          <Upload.Dragger
            multiple
            accept={RECEIPT_ACCEPT}
            showUploadList={false}
            disabled={upload.isPending}
            // Every file of one drop or pick goes in one request: antd calls this once per file.
            beforeUpload={(file, fileList) => {
              if (file === fileList[0]) send(fileList);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">{upload.isPending ? 'Uploading…' : 'Drop receipts here, or choose them'}</p>
            <p className="ant-upload-hint">
              JPEG, PNG, HEIC or PDF, up to 10 MB each and {MAX_FILES} at a time. Each is read here, on your
              organisation's server, and attached to its purchase.
            </p>
          </Upload.Dragger>
          {problem && <Alert type="error" showIcon message={problem} role="alert" style={{ marginTop: 12 }} />}
        </Card>
        <Card title="Your receipts">
          {inbox.isPending ? (
            <div role="status" aria-label="Loading your receipts">
              <Skeleton active avatar paragraph={{ rows: 3 }} />
            </div>
          ) : inbox.isError ? (
            <LoadFailed height={160} what="your receipts" onRetry={() => void inbox.refetch()} />
          ) : items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={RECEIPT_INBOX_TEXTS.empty} />
          ) : (
            <ul aria-label="Your receipts" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.map((receipt) => (
                <li key={receipt.id}>
                  <InboxReceiptItem receipt={receipt} userId={me.id} />
                </li>
              ))}
            </ul>
          )}
          {(inbox.data?.meta.last_page ?? 1) > 1 && (
            <Flex justify="center" style={{ marginTop: 16 }}>
              <Pagination
                current={page}
                pageSize={INBOX_PAGE_SIZE}
                total={inbox.data!.meta.total}
                showSizeChanger={false}
                onChange={setPage}
                size="small"
              />
            </Flex>
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            Matched receipts stay listed here for a week; they are on their transactions for good.
          </Typography.Paragraph>
        </Card>
      </Flex>
    </>
  );
}
