import { Typography } from 'antd';
import type { ReactNode } from 'react';

const { Paragraph, Title } = Typography;

export interface TermsStep {
  title: string;
  body: ReactNode;
}

const heading = { fontSize: 16, marginTop: 0 } as const;

/** The three documents of PRODUCT.md §2's issuing terms modal, in order. */
export const TERMS_STEPS: readonly TermsStep[] = [
  {
    title: 'E-Sign Disclosure',
    body: (
      <>
        <Title level={2} style={heading}>
          E-Sign Disclosure and Consent
        </Title>
        <Paragraph>
          By accepting, you agree that we and the card issuer may give you all disclosures, notices, statements and
          other communications about your card electronically: in this application or by email to the address on your
          profile. Electronic communications have the same legal effect as paper ones signed in ink.
        </Paragraph>
        <Paragraph>
          To receive them you need a current web browser, an email account and the ability to save or print what we
          send. You may ask for a paper copy, or withdraw this consent, at any time by contacting your
          organisation&apos;s administrator; withdrawing consent ends your use of the card.
        </Paragraph>
        <Paragraph>Keep your email address up to date in Account Settings so these communications reach you.</Paragraph>
      </>
    ),
  },
  {
    title: 'Authorized User Terms',
    body: (
      <>
        <Title level={2} style={heading}>
          Authorized User Terms
        </Title>
        <Paragraph>
          Your organisation holds the card account and has named you an authorized user. The card and its funds belong
          to the organisation: use the card only for purchases your organisation allows, within the limit it sets, and
          never for personal spending, cash or anything unlawful.
        </Paragraph>
        <Paragraph>
          Keep the card, its number, CVC and any PIN confidential. Tell your administrator at once if the card is lost
          or stolen or if you see a transaction you did not make. Your organisation may change the limit, deactivate or
          close the card at any time, and may review every transaction made with it.
        </Paragraph>
        <Paragraph>
          The card is issued by a licensed bank under the payment network&apos;s rules. Your personal information is
          used to issue and run the card and to meet legal and anti-fraud obligations, as the issuer&apos;s privacy
          policy describes.
        </Paragraph>
      </>
    ),
  },
  {
    title: 'Wallet Pass-through Provisions',
    body: (
      <>
        <Title level={2} style={heading}>
          Wallet Pass-through Provisions
        </Title>
        <Paragraph>
          You may add the card to a digital wallet such as Apple Pay, Google Pay or Samsung Pay where the issuer allows
          it. The wallet is provided by a third party under its own terms and privacy policy; neither your organisation
          nor the issuer is responsible for the wallet itself.
        </Paragraph>
        <Paragraph>
          These card terms apply to every payment made through a wallet. Protect the device that holds the card as you
          would the card: anyone who can unlock the device may be able to pay with it. Remove the card from the wallet
          when you stop using the device or when your organisation asks you to.
        </Paragraph>
        <Paragraph>
          By selecting Accept you confirm that you have read and agree to the E-Sign Disclosure, the Authorized User
          Terms and these Wallet Pass-through Provisions.
        </Paragraph>
      </>
    ),
  },
];
