import { App } from 'antd';
import { AVATAR_MAX_BYTES, USER_MESSAGES, type Me } from '@wallet/contract';
import { ImageUploadControl, type ImageFileRules } from '../../../components/ImageUploadControl';
import { UserAvatar } from '../../../components/UserAvatar';
import { HttpError } from '../../../lib/http';
import { useDeleteAvatar, useUploadAvatar } from '../api/avatar';

const avatarFileRules: ImageFileRules = {
  maxBytes: AVATAR_MAX_BYTES,
  messages: {
    invalid: USER_MESSAGES.avatarInvalid,
    empty: USER_MESSAGES.avatarEmpty,
    tooLarge: USER_MESSAGES.avatarTooLarge,
  },
};

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
    <ImageUploadControl
      preview={<UserAvatar name={me.name} src={me.avatar_url} size={88} />}
      hasImage={Boolean(me.avatar_url)}
      uploadLabel="Upload Photo"
      changeLabel="Change Photo"
      removeConfirmTitle="Remove your photo?"
      hint="PNG, JPEG or WebP, up to 2 MiB."
      rules={avatarFileRules}
      onUpload={(file) => uploadAvatar.mutate({ userId: me.id, file })}
      uploading={uploadAvatar.isPending}
      onRemove={remove}
      removing={deleteAvatar.isPending}
    />
  );
}
