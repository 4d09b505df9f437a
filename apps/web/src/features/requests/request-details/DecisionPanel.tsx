import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Form, Input, Popconfirm, Typography } from 'antd';
import {
  REQUEST_MESSAGES,
  REQUEST_TEXTS,
  approvalDecisionSchema,
  type ApprovalResource,
  type PurchaseRequestResource,
} from '@wallet/contract';
import { useCallback } from 'react';
import { zodRule } from '../../../lib/form-rules';
import { useNotifyError } from '../../../lib/use-notify-error';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { commentOrNull, refusalReason, useDecideApproval, useForceDecision } from '../api/decide-request';

const MAX_COMMENT = 255;
const commentRules = [zodRule(approvalDecisionSchema.shape.notes)];

/** PRODUCT.md §8 'You Cannot Modify That Request' with its reason for a refused decision; any other failure as usual. */
function useNotifyDecisionError() {
  const { notification } = App.useApp();
  const notifyError = useNotifyError();
  return useCallback(
    (error: unknown) => {
      const reason = refusalReason(error);
      if (reason === undefined) {
        notifyError(error);
        return;
      }
      notification.warning({
        key: `${REQUEST_MESSAGES.cannotModify}|${reason}`,
        title: REQUEST_MESSAGES.cannotModify,
        description: `Reason: ${reason}`,
        placement: 'bottomRight',
      });
    },
    [notification, notifyError],
  );
}

/** The current approver's Approve and Reject, with an optional comment (PRODUCT.md §5: max 255, null when empty). */
export function ApproverDecision({ request, step }: { request: PurchaseRequestResource; step: ApprovalResource }) {
  const [form] = Form.useForm<{ comment?: string }>();
  const decide = useDecideApproval();
  const notifySuccess = useNotifySuccess();
  const notifyDecisionError = useNotifyDecisionError();

  const submit = async (status: string) => {
    let comment: string | undefined;
    try {
      ({ comment } = await form.validateFields());
    } catch {
      return;
    }
    // Not mutate's callbacks: the decision moves the step on, which unmounts this panel before they would run.
    await decide
      .mutateAsync({ requestId: request.id, approvalId: step.id, status, notes: commentOrNull(comment) })
      .then(
        () => notifySuccess(REQUEST_MESSAGES.approvalSaved),
        (error: unknown) => notifyDecisionError(error),
      );
  };

  const pendingStatus = decide.isPending ? decide.variables?.status : undefined;
  return (
    <Card size="small" title="Your decision" styles={{ body: { paddingBottom: 12 } }}>
      <Form form={form} name="approvalDecision" layout="vertical" requiredMark="optional">
        <Form.Item label="Comment" name="comment" rules={commentRules}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            count={{ show: true, max: MAX_COMMENT }}
            placeholder="Add a comment for the requester (optional)"
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button
            type="primary"
            icon={<CheckOutlined aria-hidden />}
            loading={pendingStatus === 'approved'}
            disabled={decide.isPending}
            onClick={() => void submit('approved')}
          >
            {REQUEST_TEXTS.approve}
          </Button>
          <Button
            danger
            icon={<CloseOutlined aria-hidden />}
            loading={pendingStatus === 'rejected'}
            disabled={decide.isPending}
            onClick={() => void submit('rejected')}
          >
            {REQUEST_TEXTS.reject}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** An admin's Force Approve and Force Reject: sets the accounting state (PRODUCT.md §4), not on their own request. */
export function ForceDecision({ request }: { request: PurchaseRequestResource }) {
  const force = useForceDecision();
  const notifySuccess = useNotifySuccess();
  const notifyDecisionError = useNotifyDecisionError();
  const run = (status: string) =>
    force.mutateAsync({ requestId: request.id, status }).then(
      () => notifySuccess(REQUEST_MESSAGES.approvalSaved),
      (error: unknown) => notifyDecisionError(error),
    );
  const pendingStatus = force.isPending ? force.variables?.status : undefined;
  return (
    <Card size="small" title="Admin decision">
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        Decide for the whole approval path. The requester is told, and an approval funds the card at once.
      </Typography.Paragraph>
      <Flex gap={8} wrap>
        <Popconfirm
          title="Force approve this purchase request?"
          description="The card is funded at once."
          okText={REQUEST_TEXTS.forceApprove}
          onConfirm={() => run('approved')}
        >
          <Button
            icon={<CheckOutlined aria-hidden />}
            loading={pendingStatus === 'approved'}
            disabled={force.isPending}
          >
            {REQUEST_TEXTS.forceApprove}
          </Button>
        </Popconfirm>
        <Popconfirm
          title="Force reject this purchase request?"
          okText={REQUEST_TEXTS.forceReject}
          okButtonProps={{ danger: true }}
          onConfirm={() => run('rejected')}
        >
          <Button
            danger
            icon={<CloseOutlined aria-hidden />}
            loading={pendingStatus === 'rejected'}
            disabled={force.isPending}
          >
            {REQUEST_TEXTS.forceReject}
          </Button>
        </Popconfirm>
      </Flex>
    </Card>
  );
}
