import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Popconfirm, Typography, Upload, type UploadProps } from 'antd';
import { AVATAR_MAX_BYTES, USER_MESSAGES, type Me } from '@wallet/contract';
import { useState } from 'react';
import { UserAvatar } from '../../../components/UserAvatar';
import { HttpError } from '../../../lib/http';
import { useDeleteAvatar, useUploadAvatar } from '../api/avatar';

const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The same checks the server makes, before sending anything (the server still checks the content). */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!ACCEPTED_TYPES.includes(file.type)) return USER_MESSAGES.avatarInvalid;
  if (file.size === 0) return USER_MESSAGES.avatarEmpty;
  if (file.size > AVATAR_MAX_BYTES) return USER_MESSAGES.avatarTooLarge;
  return undefined;
}

function serverMessages(error: unknown): string[] {
  if (!(error instanceof HttpError)) return [error instanceof Error ? error.message : String(error)];
  const fieldMessages = Object.values(error.errors).flat();
  return fieldMessages.length > 0 ? fieldMessages : [error.message];
}

/** Profile picture: upload a PNG, JPEG or WebP up to 2 MiB, or remove it. */
export function AvatarEditor({ me }: { me: Me }) {
  const { notification } = App.useApp();
  const uploadAvatar = useUploadAvatar();
  const deleteAvatar = useDeleteAvatar();
  const [problem, setProblem] = useState<string>();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const found = avatarProblem(file);
    setProblem(found);
    if (found) return Upload.LIST_IGNORE;
    uploadAvatar.mutate({ userId: me.id, file });
    // We send it ourselves through the one http client.
    return false;
  };

  const remove = () =>
    deleteAvatar.mutate(me.id, {
      onError: (error) =>
        notification.error({
          key: USER_MESSAGES.avatarDeletionFailed,
          title: USER_MESSAGES.avatarDeletionFailed,
          description: (
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {serverMessages(error).map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ),
          placement: 'bottomRight',
        }),
    });

  return (
    <Flex align="center" gap={20} wrap>
      <UserAvatar name={me.name} src={me.avatar_url} size={88} />
      <Flex vertical gap={8} style={{ minWidth: 0 }}>
        <Flex gap={8} wrap>
          <Upload accept={ACCEPTED_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} maxCount={1}>
            <Button icon={<UploadOutlined />} loading={uploadAvatar.isPending}>
              {me.avatar_url ? 'Change Photo' : 'Upload Photo'}
            </Button>
          </Upload>
          {me.avatar_url && (
            <Popconfirm title="Remove your photo?" okText="Remove" okButtonProps={{ danger: true }} onConfirm={remove}>
              <Button danger icon={<DeleteOutlined />} loading={deleteAvatar.isPending}>
                Remove
              </Button>
            </Popconfirm>
          )}
        </Flex>
        {problem ? (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            PNG, JPEG or WebP, up to 2 MiB.
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
