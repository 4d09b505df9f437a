import { Button, Form, Input, Space } from 'antd';
import { newTeamSchema, type TeamResource } from '@wallet/contract';
import { useNavigate } from 'react-router';
import { ResponsiveDrawer } from '../../../components/ResponsiveDrawer';
import { paths } from '../../../paths';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useCreateTeam } from '../api/create-team';
import { ColorPalette } from '../ColorPalette';
import { DEFAULT_TEAM_COLOR } from '../team-colors';
import { WalletUserSelect } from '../WalletUserSelect';

interface Values {
  name: string;
  color: string;
  users?: number[];
  approval_path?: number[];
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** The team just created, for the list to show first. */
  onCreated?: (team: TeamResource) => void;
}

const nameRules = [zodRule(newTeamSchema.shape.name)];
const colorRules = [zodRule(newTeamSchema.shape.color)];
const COLOR_LABEL_ID = 'create-team-color-label';

/** Create New Team: name, colour from the palette, members and an ordered approval path (PRODUCT.md §5). */
export function CreateTeamDrawer({ open, onClose, onCreated }: Props) {
  const [form] = Form.useForm<Values>();
  const createTeam = useCreateTeam();
  const notifySuccess = useNotifySuccess();
  const navigate = useNavigate();

  const handleFinish = (values: Values) => {
    const input = newTeamSchema.parse({
      name: values.name,
      color: values.color,
      team: { users: values.users ?? [] },
      approval_path: values.approval_path ?? [],
    });
    createTeam.mutate(input, {
      onSuccess: (team) => {
        onCreated?.(team);
        notifySuccess(
          'Team Created',
          `${team.name} is ready.`,
          <Button type="link" style={{ paddingInline: 0 }} onClick={() => void navigate(paths.team(team.id))}>
            View Team
          </Button>,
        );
        onClose();
      },
      onError: (error) => showServerFieldErrors(form, error, { 'team.users': 'users' }),
    });
  };

  return (
    <ResponsiveDrawer title="Create New Team" open={open} onClose={onClose} width={520}>
      <Form<Values>
        form={form}
        name="createTeam"
        layout="vertical"
        requiredMark="optional"
        initialValues={{ color: DEFAULT_TEAM_COLOR, users: [], approval_path: [] }}
        onFinish={handleFinish}
      >
        <Form.Item label="Team Name" name="name" rules={nameRules} required>
          <Input maxLength={255} placeholder="e.g. Youth Ministry" />
        </Form.Item>
        <Form.Item label={<span id={COLOR_LABEL_ID}>Colour</span>} name="color" rules={colorRules} required>
          <ColorPalette aria-labelledby={COLOR_LABEL_ID} />
        </Form.Item>
        <Form.Item label="Members" name="users" extra="People of the wallet who belong to this team.">
          <WalletUserSelect />
        </Form.Item>
        <Form.Item label="Approval Path" name="approval_path" extra="Approvers are asked in the order you pick them.">
          <WalletUserSelect ordered />
        </Form.Item>
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={createTeam.isPending}>
            Create Team
          </Button>
        </Space>
      </Form>
    </ResponsiveDrawer>
  );
}
