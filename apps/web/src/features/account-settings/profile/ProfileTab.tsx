import { Button, Divider, Form } from 'antd';
import { USER_MESSAGES, profileSchema, type Me } from '@wallet/contract';
import { ProfileFields, profileFormValues } from '../../../components/ProfileFields';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarEditor } from './AvatarEditor';

/** Personal Information: picture and the profile of PRODUCT.md §5. */
export function ProfileTab({ me }: { me: Me }) {
  const [form] = Form.useForm();
  const updateProfile = useUpdateProfile();
  const notifySuccess = useNotifySuccess();

  const handleFinish = (values: Record<string, unknown>) =>
    updateProfile.mutate(
      { userId: me.id, values: profileSchema.parse(values) },
      {
        onSuccess: ({ data, message }) => {
          notifySuccess(USER_MESSAGES.ownProfileUpdated, message);
          // A new email applies once its link is opened: until then the form shows the address in use.
          if (message) form.setFieldValue('email', data.email);
        },
        onError: (error) => showServerFieldErrors(form, error),
      },
    );

  return (
    <>
      <AvatarEditor me={me} />
      <Divider />
      <Form
        form={form}
        name="profile"
        layout="vertical"
        requiredMark="optional"
        initialValues={profileFormValues(me)}
        onFinish={handleFinish}
        style={{ maxWidth: 720 }}
      >
        <ProfileFields />
        <Button type="primary" htmlType="submit" loading={updateProfile.isPending}>
          Save Changes
        </Button>
      </Form>
    </>
  );
}
