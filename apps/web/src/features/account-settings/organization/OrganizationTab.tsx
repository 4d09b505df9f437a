import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Popconfirm, Skeleton, Typography, Upload, type UploadProps } from 'antd';
import { LOGO_MAX_BYTES, ORG_MESSAGES } from '@wallet/contract';
import { useState } from 'react';
import { OrganizationLogo } from '../../../components/OrganizationLogo';
import { HttpError } from '../../../lib/http';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteLogo, useLogoInfo, useUploadLogo } from './organization-logo-api';

const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The checks the server makes, before sending anything (the server still judges the content). */
export function logoProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!ACCEPTED_TYPES.includes(file.type)) return ORG_MESSAGES.logoInvalid;
  if (file.size === 0) return ORG_MESSAGES.logoEmpty;
  if (file.size > LOGO_MAX_BYTES) return ORG_MESSAGES.logoTooLarge;
  return undefined;
}

const fieldMessage = (error: unknown) => (error instanceof HttpError && error.status === 422 ? error.errors.logo?.[0] ?? error.message : undefined);

/** Account Settings -> Organization (admins): the logo shown in the sidebar and on the sign-in page. */
export function OrganizationTab() {
  const me = useCurrentUser();
  const info = useLogoInfo();
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string>();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const found = logoProblem(file);
    setProblem(found);
    if (found) return Upload.LIST_IGNORE;
    upload.mutate(file, {
      onSuccess: () => void message.success(ORG_MESSAGES.logoUpdated),
      onError: (error) => setProblem(fieldMessage(error)),
    });
    return false;
  };

  const removeLogo = () =>
    remove.mutate(undefined, {
      onSuccess: () => void message.success(ORG_MESSAGES.logoRemoved),
      onError: (error) => setProblem(fieldMessage(error)),
    });

  return (
    <section aria-labelledby="organization-logo-title" style={{ maxWidth: 640 }}>
      <Typography.Title level={2} id="organization-logo-title" style={{ fontSize: 18, marginTop: 8 }}>
        Organisation logo
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Shown in the sidebar and on the sign-in page of {me.organization.name}. Without one, the organisation&apos;s initials are shown.
      </Typography.Paragraph>
      <Flex align="center" gap={20} wrap>
        <OrganizationLogo size={88} alt={`${me.organization.name} logo`} />
        <Flex vertical gap={8} style={{ minWidth: 0 }}>
          {info.isPending ? (
            <Skeleton.Button active style={{ width: 160 }} />
          ) : (
            <Flex gap={8} wrap>
              <Upload accept={ACCEPTED_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} maxCount={1}>
                <Button icon={<UploadOutlined />} loading={upload.isPending}>
                  {info.data?.custom ? 'Change Logo' : 'Upload Logo'}
                </Button>
              </Upload>
              {info.data?.custom && (
                <Popconfirm title="Remove the logo?" description="The initials image will show instead." okText="Remove" okButtonProps={{ danger: true }} onConfirm={removeLogo}>
                  <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
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
              PNG, JPEG or WebP, up to 1 MiB. A square image looks best.
            </Typography.Text>
          )}
        </Flex>
      </Flex>
    </section>
  );
}
