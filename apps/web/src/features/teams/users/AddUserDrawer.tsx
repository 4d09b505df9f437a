import { Button, Flex, Form, Segmented, Select, Space, Typography } from 'antd';
import {
  SEARCH_DEBOUNCE_MS,
  USER_MESSAGES,
  invitationSchema,
  newUserSchema,
  type AssignableRole,
  type NewUserInput,
  type UserResource,
} from '@wallet/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ProfileFields } from '../../../components/ProfileFields';
import { ResponsiveDrawer } from '../../../components/ResponsiveDrawer';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useCreateUser } from '../api/create-user';
import { useUsers } from '../api/get-users';
import { useInviteUser } from '../api/invite-user';
import { RoleField } from './RoleField';

type Mode = 'new' | 'existing';
interface PersonOption {
  value: number;
  label: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** The user just added (or invited), for the list to show first. */
  onAdded?: (user: UserResource) => void;
}

/** The Added notice, with a link to the new user's profile. */
function useNotifyAdded(onAdded?: (user: UserResource) => void) {
  const notifySuccess = useNotifySuccess();
  const navigate = useNavigate();
  return (user: UserResource) => {
    onAdded?.(user);
    notifySuccess(
      USER_MESSAGES.added,
      `${user.name} is in the list of users.`,
      <Button
        type="link"
        style={{ paddingInline: 0 }}
        onClick={() => void navigate(`/teams?tab=users&user=${user.id}`)}
      >
        View Profile
      </Button>,
    );
  };
}

const personRules = [{ required: true, message: 'Please choose a person to invite' }];

function NewUserForm({ onDone, onAdded }: { onDone: () => void; onAdded?: (user: UserResource) => void }) {
  const [form] = Form.useForm();
  const createUser = useCreateUser();
  const notifyAdded = useNotifyAdded(onAdded);

  const handleFinish = (values: Record<string, unknown>) => {
    const input: NewUserInput = newUserSchema.parse(values);
    createUser.mutate(input, {
      onSuccess: (user) => {
        notifyAdded(user);
        onDone();
      },
      onError: (error) => showServerFieldErrors(form, error),
    });
  };

  return (
    <Form form={form} name="addUser" layout="vertical" requiredMark="optional" onFinish={handleFinish}>
      <ProfileFields />
      <RoleField />
      <Typography.Paragraph type="secondary">
        They will get an email with a link to set their password.
      </Typography.Paragraph>
      <Space>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={createUser.isPending}>
          Add User
        </Button>
      </Space>
    </Form>
  );
}

/** Invites a person of the organisation who has no wallet role yet, found by name or email. */
function ExistingPersonForm({ onDone, onAdded }: { onDone: () => void; onAdded?: (user: UserResource) => void }) {
  const [form] = Form.useForm<{ user_id: number; role: AssignableRole }>();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const people = useUsers({
    'filter[custom_search_not_wallet]': debouncedSearch,
    sort: 'name',
    'page[number]': 1,
    'page[size]': 20,
  });
  const inviteUser = useInviteUser();
  const notifyAdded = useNotifyAdded(onAdded);

  const [chosen, setChosen] = useState<PersonOption>();
  const found: PersonOption[] = (people.data?.data ?? []).map((person) => ({
    value: person.id,
    label: `${person.name} (${person.email})`,
  }));
  // The chosen person keeps their label while another search is on screen.
  const options = chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;

  const handleFinish = (values: { user_id: number; role: AssignableRole }) => {
    const { role } = invitationSchema.parse(values);
    inviteUser.mutate(
      { id: values.user_id, role },
      {
        onSuccess: (user) => {
          notifyAdded(user);
          onDone();
        },
        onError: (error) => showServerFieldErrors(form, error),
      },
    );
  };

  return (
    <Form form={form} name="invitePerson" layout="vertical" requiredMark="optional" onFinish={handleFinish}>
      <Form.Item
        label="Person"
        name="user_id"
        rules={personRules}
        required
        extra="People of your organisation who are not in the wallet yet. Search by name or email."
      >
        <Select
          showSearch={{ filterOption: false, onSearch: setSearch }}
          onChange={(_value, option) => setChosen(Array.isArray(option) ? undefined : option)}
          placeholder="Search by name or email"
          options={options}
          loading={people.isFetching}
          notFoundContent={people.isFetching ? 'Searching…' : 'No one found'}
        />
      </Form.Item>
      <RoleField />
      <Space>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={inviteUser.isPending}>
          Send Invitation
        </Button>
      </Space>
    </Form>
  );
}

/** Add User: a new person by their details (PRODUCT.md §5), or an existing person of the organisation, with a role. */
export function AddUserDrawer({ open, onClose, onAdded }: Props) {
  const [mode, setMode] = useState<Mode>('new');
  return (
    <ResponsiveDrawer
      title="Add User"
      open={open}
      onClose={onClose}
      afterOpenChange={(visible) => !visible && setMode('new')}
    >
      <Flex vertical gap={20}>
        <Segmented<Mode>
          block
          value={mode}
          onChange={setMode}
          options={[
            { value: 'new', label: 'New Person' },
            { value: 'existing', label: 'Existing Person' },
          ]}
          aria-label="Who to add"
        />
        {mode === 'new' ? (
          <NewUserForm onDone={onClose} onAdded={onAdded} />
        ) : (
          <ExistingPersonForm onDone={onClose} onAdded={onAdded} />
        )}
      </Flex>
    </ResponsiveDrawer>
  );
}
