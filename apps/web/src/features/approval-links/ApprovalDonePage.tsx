import { InfoCircleOutlined } from '@ant-design/icons';
import { APPROVAL_LINK_TEXTS } from '@wallet/contract';
import { useSearchParams } from 'react-router';
import { ApprovalLinkResult } from './ApprovalLinkResult';

/**
 * /purchase-requests/approvals/done?approval&status: marked approved or denied, already responded (used), or no
 * longer needed (not-needed: the team's approval path changed and the request no longer waits for this approver).
 */
export function ApprovalDonePage() {
  const [searchParams] = useSearchParams();
  switch (searchParams.get('status')) {
    case 'approved':
      return (
        <ApprovalLinkResult
          status="success"
          title={APPROVAL_LINK_TEXTS.approvedTitle}
          detail={APPROVAL_LINK_TEXTS.approvedDetail}
        />
      );
    case 'rejected':
      return (
        <ApprovalLinkResult
          status="error"
          title={APPROVAL_LINK_TEXTS.rejectedTitle}
          detail={APPROVAL_LINK_TEXTS.rejectedDetail}
        />
      );
    case 'used':
      return (
        <ApprovalLinkResult
          status="info"
          title={APPROVAL_LINK_TEXTS.usedTitle}
          detail={APPROVAL_LINK_TEXTS.usedDetail}
        />
      );
    case 'not-needed':
      return (
        <ApprovalLinkResult
          status="info"
          icon={<InfoCircleOutlined />}
          title={APPROVAL_LINK_TEXTS.notNeededTitle}
          detail={APPROVAL_LINK_TEXTS.notNeededDetail}
        />
      );
    default:
      return (
        <ApprovalLinkResult
          status="info"
          icon={<InfoCircleOutlined />}
          title={APPROVAL_LINK_TEXTS.unknownTitle}
          detail={APPROVAL_LINK_TEXTS.unknownDetail}
        />
      );
  }
}
