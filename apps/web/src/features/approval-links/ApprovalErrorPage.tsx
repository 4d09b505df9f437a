import { WalletOutlined } from '@ant-design/icons';
import { APPROVAL_LINK_TEXTS } from '@wallet/contract';
import { useSearchParams } from 'react-router';
import { ApprovalLinkResult } from './ApprovalLinkResult';

/** /purchase-requests/approvals/error?status: funding (can't be funded now) or not-found (deleted or missing). */
export function ApprovalErrorPage() {
  const [searchParams] = useSearchParams();
  switch (searchParams.get('status')) {
    case 'funding':
      return (
        <ApprovalLinkResult
          status="warning"
          icon={<WalletOutlined />}
          title={APPROVAL_LINK_TEXTS.fundingTitle}
          detail={APPROVAL_LINK_TEXTS.fundingDetail}
        />
      );
    case 'not-found':
      return (
        <ApprovalLinkResult
          status="404"
          title={APPROVAL_LINK_TEXTS.notFoundTitle}
          detail={APPROVAL_LINK_TEXTS.notFoundDetail}
        />
      );
    default:
      return (
        <ApprovalLinkResult
          status="error"
          title={APPROVAL_LINK_TEXTS.errorTitle}
          detail={APPROVAL_LINK_TEXTS.errorDetail}
        />
      );
  }
}
