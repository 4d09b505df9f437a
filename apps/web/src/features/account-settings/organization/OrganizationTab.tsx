import { App, Typography } from 'antd';
import { LOGO_MAX_BYTES, ORG_MESSAGES } from '@wallet/contract';
import { ImageUploadControl, type ImageFileRules, type ShowProblem } from '../../../components/ImageUploadControl';
import { OrganizationLogo } from '../../../components/OrganizationLogo';
import { HttpError } from '../../../lib/http';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteLogo, useLogoInfo, useUploadLogo } from '../api/organization-logo';

const logoFileRules: ImageFileRules = {
  maxBytes: LOGO_MAX_BYTES,
  messages: { invalid: ORG_MESSAGES.logoInvalid, empty: ORG_MESSAGES.logoEmpty, tooLarge: ORG_MESSAGES.logoTooLarge },
};

const fieldMessage = (error: unknown) =>
  error instanceof HttpError && error.status === 422 ? (error.errors.logo?.[0] ?? error.message) : undefined;

/** Account Settings -> Organization (admins): the logo shown in the sidebar and on the sign-in page. */
export function OrganizationTab() {
  const me = useCurrentUser();
  const info = useLogoInfo();
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const { message } = App.useApp();

  const uploadLogo = (file: File, showProblem: ShowProblem) =>
    upload.mutate(file, {
      onSuccess: () => void message.success(ORG_MESSAGES.logoUpdated),
      onError: (error) => showProblem(fieldMessage(error)),
    });

  const removeLogo = (showProblem: ShowProblem) =>
    remove.mutate(undefined, {
      onSuccess: () => void message.success(ORG_MESSAGES.logoRemoved),
      onError: (error) => showProblem(fieldMessage(error)),
    });

  return (
    <section aria-labelledby="organization-logo-title" style={{ maxWidth: 640 }}>
      <Typography.Title level={2} id="organization-logo-title" style={{ fontSize: 18, marginTop: 8 }}>
        Organisation logo
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Shown in the sidebar and on the sign-in page of {me.organization.name}. Without one, the organisation&apos;s
        initials are shown.
      </Typography.Paragraph>
      <ImageUploadControl
        preview={<OrganizationLogo size={88} alt={`${me.organization.name} logo`} />}
        hasImage={Boolean(info.data?.custom)}
        loading={info.isPending}
        uploadLabel="Upload Logo"
        changeLabel="Change Logo"
        removeConfirmTitle="Remove the logo?"
        removeConfirmDescription="The initials image will show instead."
        hint="PNG, JPEG or WebP, up to 1 MiB. A square image looks best."
        rules={logoFileRules}
        onUpload={uploadLogo}
        uploading={upload.isPending}
        onRemove={removeLogo}
        removing={remove.isPending}
      />
    </section>
  );
}
