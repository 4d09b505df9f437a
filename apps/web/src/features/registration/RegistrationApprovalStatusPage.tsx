import { InfoCircleOutlined } from '@ant-design/icons';
import type { ResultProps } from 'antd';
import { REGISTRATION_APPROVAL_TEXTS, REGISTRATION_TEXTS } from '@wallet/contract';
import { useSearchParams } from 'react-router';
import { formatDateTimeInText } from '../../lib/dates';
import { RegistrationResult } from './RegistrationResult';

type Outcome = keyof typeof REGISTRATION_APPROVAL_TEXTS;

const RESULT_STATUS: Record<Outcome, ResultProps['status']> = {
  approve: 'success',
  block: 'error',
  already_approved: 'info',
  already_blocked: 'info',
  expired: 'warning',
  invalid: 'warning',
  unknown: 'info',
};

const isOutcome = (value: string | null): value is Outcome =>
  value !== null && value !== 'unknown' && Object.hasOwn(REGISTRATION_APPROVAL_TEXTS, value);

/**
 * /registration-approval-status?status&responder_email&responder_name&responded_on: where an admin's Approve or
 * Block link lands (PRODUCT.md §4 outcomes approve, block, already_approved, already_blocked), in words.
 */
export function RegistrationApprovalStatusPage() {
  const [searchParams] = useSearchParams();
  const status = searchParams.get('status');
  const outcome: Outcome = isOutcome(status) ? status : 'unknown';
  const texts = REGISTRATION_APPROVAL_TEXTS[outcome];
  const respondedOn = searchParams.get('responded_on');
  const detail = texts.detail({
    name: searchParams.get('responder_name'),
    email: searchParams.get('responder_email'),
    on: respondedOn ? formatDateTimeInText(respondedOn) : null,
  });
  return (
    <RegistrationResult
      status={RESULT_STATUS[outcome]}
      icon={outcome === 'unknown' ? <InfoCircleOutlined /> : undefined}
      title={texts.title}
      detail={detail}
      action={REGISTRATION_TEXTS.signIn}
    />
  );
}
