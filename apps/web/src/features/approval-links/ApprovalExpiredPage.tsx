import { FieldTimeOutlined } from '@ant-design/icons';
import { APPROVAL_LINK_TEXTS } from '@wallet/contract';
import { ApprovalLinkResult } from './ApprovalLinkResult';

/** /purchase-request/approvals/expired: the link expired; decide in the app instead (ARCHITECTURE.md D8). */
export function ApprovalExpiredPage() {
  return (
    <ApprovalLinkResult
      status="warning"
      icon={<FieldTimeOutlined />}
      title={APPROVAL_LINK_TEXTS.expiredTitle}
      detail={APPROVAL_LINK_TEXTS.expiredDetail}
    />
  );
}
