import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Skeleton, Typography, Upload, type UploadProps } from 'antd';
import { useState, type ReactNode } from 'react';

// The server takes these for every image it stores (it judges them by content).
const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The server's limits for one kind of image, and its own messages (from @wallet/contract) for each refusal. */
export interface ImageFileRules {
  maxBytes: number;
  messages: { invalid: string; empty: string; tooLarge: string };
}

/** The same checks the server makes, before sending anything (the server still judges the content). */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>, rules: ImageFileRules): string | undefined {
  if (!ACCEPTED_TYPES.includes(file.type)) return rules.messages.invalid;
  if (file.size === 0) return rules.messages.empty;
  if (file.size > rules.maxBytes) return rules.messages.tooLarge;
  return undefined;
}

/** Puts a reason on the problem line in place of the hint; undefined brings the hint back. */
export type ShowProblem = (problem: string | undefined) => void;

interface Props {
  /** The image as it is now (an avatar, a logo), left of the buttons. */
  preview: ReactNode;
  hasImage: boolean;
  /** While it is not yet known whether there is an image: a placeholder stands for the buttons. */
  loading?: boolean;
  uploadLabel: string;
  changeLabel: string;
  removeConfirmTitle: string;
  removeConfirmDescription?: string;
  /** Shown under the buttons while there is no problem to show. */
  hint: string;
  rules: ImageFileRules;
  /** Sends a file that passed the checks. */
  onUpload: (file: File, showProblem: ShowProblem) => void;
  uploading: boolean;
  /** Runs once the removal is confirmed. */
  onRemove: (showProblem: ShowProblem) => void;
  removing: boolean;
}

/** Upload or change an image, remove it after a confirmation, and say what is wrong with a file or what is accepted. */
export function ImageUploadControl({
  preview,
  hasImage,
  loading = false,
  uploadLabel,
  changeLabel,
  removeConfirmTitle,
  removeConfirmDescription,
  hint,
  rules,
  onUpload,
  uploading,
  onRemove,
  removing,
}: Props) {
  const [problem, setProblem] = useState<string>();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const found = imageFileProblem(file, rules);
    setProblem(found);
    if (found) return Upload.LIST_IGNORE;
    onUpload(file, setProblem);
    // The caller sends it through the one http client, not antd's own request.
    return false;
  };

  return (
    <Flex align="center" gap={20} wrap>
      {preview}
      <Flex vertical gap={8} style={{ minWidth: 0 }}>
        {loading ? (
          <Skeleton.Button active style={{ width: 160 }} />
        ) : (
          <Flex gap={8} wrap>
            <Upload accept={ACCEPTED_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} maxCount={1}>
              <Button icon={<UploadOutlined />} loading={uploading}>
                {hasImage ? changeLabel : uploadLabel}
              </Button>
            </Upload>
            {hasImage && (
              <Popconfirm
                title={removeConfirmTitle}
                description={removeConfirmDescription}
                okText="Remove"
                okButtonProps={{ danger: true }}
                onConfirm={() => onRemove(setProblem)}
              >
                <Button danger icon={<DeleteOutlined />} loading={removing}>
                  Remove
                </Button>
              </Popconfirm>
            )}
          </Flex>
        )}
        {problem ? (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {hint}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
