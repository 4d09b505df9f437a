import { Button, Flex, Modal, Steps, Typography } from 'antd';
import { CARD_MESSAGES } from '@wallet/contract';
import { useState } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { useCurrentUser } from '../../lib/session';
import { useIsMobile } from '../../lib/use-media-query';
import { useNotifySuccess } from '../../lib/use-notify-success';
import { paths } from '../../paths';
import { useAcceptIssuingTerms } from './api/accept-terms';
import { mustAcceptIssuingTerms } from './must-accept';
import { TERMS_STEPS } from './terms-text';
import './issuing-terms.css';

/**
 * PRODUCT.md §2: blocks the app while the signed-in user is a cardholder who hasn't accepted the issuing terms.
 * Three steps with Next, Previous and Accept; it can't be dismissed any other way.
 */
export function IssuingTermsModal() {
  const open = mustAcceptIssuingTerms(useCurrentUser());
  const isMobile = useIsMobile();
  const [step, setStep] = useState(0);
  const notifySuccess = useNotifySuccess();
  const accept = useAcceptIssuingTerms((message) => notifySuccess(message || CARD_MESSAGES.termsAccepted));
  const isLast = step === TERMS_STEPS.length - 1;
  const current = TERMS_STEPS[step]!;

  return (
    <Modal
      open={open}
      title="Issuing Terms of Service"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={720}
      footer={
        <Flex justify="space-between" align="center" wrap gap={8}>
          <ButtonLink type="link" to={paths.logout} style={{ paddingInline: 0 }}>
            Log out
          </ButtonLink>
          <Flex gap={8}>
            {step > 0 && <Button onClick={() => setStep(step - 1)}>Previous</Button>}
            {isLast ? (
              <Button type="primary" loading={accept.isPending} onClick={() => accept.mutate()}>
                Accept
              </Button>
            ) : (
              <Button type="primary" onClick={() => setStep(step + 1)}>
                Next
              </Button>
            )}
          </Flex>
        </Flex>
      }
    >
      {isMobile ? (
        <Typography.Text type="secondary" style={{ display: 'block', margin: '4px 0 12px' }}>
          Step {step + 1} of {TERMS_STEPS.length}
        </Typography.Text>
      ) : (
        <Steps
          size="small"
          current={step}
          items={TERMS_STEPS.map(({ title }) => ({ title }))}
          style={{ margin: '8px 0 20px' }}
        />
      )}
      <div key={step} className="issuing-terms-document" role="region" aria-label={current.title} tabIndex={0}>
        {current.body}
      </div>
    </Modal>
  );
}
