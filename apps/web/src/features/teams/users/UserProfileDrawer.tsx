import { EditOutlined } from '@ant-design/icons';
import { Button, Descriptions, Divider, Flex, Form, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { USER_MESSAGES, UI_TEXTS, newUserSchema, profileSchema, type UserResource } from '@wallet/contract';
import { useState } from 'react';
import { ProfileFields, profileFormValues } from '../../../components/ProfileFields';
import { ResponsiveDrawer } from '../../../components/ResponsiveDrawer';
import { UserAvatar } from '../../../components/UserAvatar';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/dates';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { RoleCell, assignableRoleOf } from '../roles';
import { TeamTags } from '../TeamTags';
import { RoleField } from './RoleField';

interface Props {
  userId: number | undefined;
  onClose: () => void;
}

const orDash = (value: string | null) => value || '—';

function ProfileDetails({ user }: { user: UserResource }) {
  const address = [user.address, user.address2].filter(Boolean).join(', ');
  return (
    <>
      <Flex align="center" gap={16} style={{ marginBottom: 24 }}>
        <UserAvatar name={user.name} src={user.avatar_url} size={64} />
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {user.name}
          </Typography.Title>
          <Typography.Text type="secondary" ellipsis>
            {user.email}
          </Typography.Text>
          <div style={{ marginTop: 6 }}>
            {user.invitation_pending ? (
              <Tag color="gold">{UI_TEXTS.invitationPending}</Tag>
            ) : (
              <Tag color="green">Active</Tag>
            )}
          </div>
        </div>
      </Flex>
      <Descriptions
        column={1}
        size="small"
        bordered
        styles={{ label: { width: 140 } }}
        items={[
          { key: 'role', label: 'Role', children: <RoleCell roles={user.roles} /> },
          { key: 'cell_phone', label: 'Cell Phone', children: orDash(user.cell_phone) },
          { key: 'address', label: 'Address', children: orDash(address) },
          { key: 'city', label: 'City', children: orDash(user.city) },
          { key: 'state', label: 'State', children: orDash(user.state_province) },
          { key: 'postal', label: 'Postal Code', children: orDash(user.postal) },
          { key: 'created_at', label: 'Member Since', children: formatDate(user.created_at) },
        ]}
      />
      <Divider titlePlacement="start">Teams</Divider>
      <TeamTags teams={user.teams} />
    </>
  );
}

function EditProfileForm({ user, onDone }: { user: UserResource; onDone: () => void }) {
  const [form] = Form.useForm();
  const updateUser = useUpdateUser();
  const notifySuccess = useNotifySuccess();
  const superAdmin = user.roles?.includes('super-admin') ?? false;
  const initialRole = superAdmin ? 'super-admin' : assignableRoleOf(user.roles);

  const handleFinish = (values: Record<string, unknown>) => {
    const profile = profileSchema.parse(values);
    const role = values.role === initialRole && superAdmin ? undefined : newUserSchema.shape.role.parse(values.role);
    updateUser.mutate(
      { id: user.id, values: { ...profile, ...(role && { role }) } },
      {
        onSuccess: () => {
          notifySuccess(USER_MESSAGES.profileUpdated);
          onDone();
        },
        onError: (error) => showServerFieldErrors(form, error),
      },
    );
  };

  return (
    <Form
      form={form}
      name="editUser"
      layout="vertical"
      requiredMark="optional"
      initialValues={{ ...profileFormValues(user), role: initialRole }}
      onFinish={handleFinish}
    >
      <ProfileFields />
      <RoleField superAdmin={superAdmin} />
      <Space>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={updateUser.isPending}>
          Save Changes
        </Button>
      </Space>
    </Form>
  );
}

/** View Profile: a user's details and teams; Edit Profile changes the profile and the role. */
export function UserProfileDrawer({ userId, onClose }: Props) {
  const user = useUser(userId);
  const [editing, setEditing] = useState(false);
  const close = () => {
    setEditing(false);
    onClose();
  };

  let body;
  if (user.isPending) body = <Skeleton avatar active paragraph={{ rows: 8 }} />;
  else if (user.isError) body = <Result status="warning" title="This profile could not be loaded." />;
  else if (editing) body = <EditProfileForm user={user.data} onDone={() => setEditing(false)} />;
  else body = <ProfileDetails user={user.data} />;

  return (
    <ResponsiveDrawer
      title={editing ? 'Edit Profile' : 'User Profile'}
      open={userId !== undefined}
      onClose={close}
      extra={
        !editing &&
        user.data && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            Edit Profile
          </Button>
        )
      }
    >
      {body}
    </ResponsiveDrawer>
  );
}
