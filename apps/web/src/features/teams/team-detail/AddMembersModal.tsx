import { Form, Modal } from 'antd';
import { PAGE_SIZES, teamUsersSchema } from '@wallet/contract';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useAddTeamMembers } from '../api/add-team-members';
import { useUsers } from '../api/get-users';
import { WalletUserSelect } from '../WalletUserSelect';

const usersRules = [zodRule(teamUsersSchema.shape.users, [])];

interface Props {
  teamId: number;
  open: boolean;
  onClose: () => void;
}

/** Add New Member: people of the wallet who are not in the team yet. */
export function AddMembersModal({ teamId, open, onClose }: Props) {
  const [form] = Form.useForm<{ users: number[] }>();
  const members = useUsers(
    {
      'filter[members_of_team]': teamId,
      'fields[users]': 'id',
      'page[number]': 1,
      'page[size]': PAGE_SIZES.userDropdown,
    },
    { enabled: open },
  );
  const addMembers = useAddTeamMembers();
  const notifySuccess = useNotifySuccess();
  const memberIds = (members.data?.data ?? []).map((member) => member.id);

  const handleFinish = ({ users }: { users: number[] }) =>
    addMembers.mutate(
      { teamId, users },
      {
        onSuccess: () => {
          notifySuccess(
            'Members Added',
            users.length === 1 ? 'One person joined the team.' : `${users.length} people joined the team.`,
          );
          onClose();
        },
        onError: (error) => showServerFieldErrors(form, error),
      },
    );

  return (
    <Modal
      title="Add New Member"
      open={open}
      onCancel={onClose}
      okText="Add"
      onOk={() => form.submit()}
      confirmLoading={addMembers.isPending}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form form={form} name="addMembers" layout="vertical" onFinish={handleFinish} preserve={false}>
        <Form.Item label="Members" name="users" rules={usersRules} required>
          <WalletUserSelect exclude={memberIds} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
