import { configure, screen } from '@testing-library/react';
import { REGISTRATION_APPROVAL_TEXTS, REGISTRATION_TEXTS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { signedOut } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 15_000 });

async function expectPage(path: string, title: string, detail: string, action: string) {
  installFakeApi({ ...signedOut });
  renderApp(path);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getByText(detail)).toBeInTheDocument();
  // Public: no sign-in needed to read it, and a button back to the login page.
  expect(screen.getByTestId('current-path')).toHaveTextContent(path.split('?')[0]!);
  expect(screen.getByRole('link', { name: action })).toHaveAttribute('href', '/login');
}

const responder = 'responder_email=ada%40demo.test&responder_name=Ada%20Admin&responded_on=2025-03-04T15:30:00.000Z';

describe('registration pages (public)', { timeout: 60_000 }, () => {
  it('/registration-requested says the admins were asked', async () => {
    await expectPage(
      '/registration-requested',
      'Registration Requested',
      REGISTRATION_TEXTS.requestedDetail,
      'Back to Sign In',
    );
    expect(REGISTRATION_TEXTS.requestedDetail).toMatch(/admins.*email/);
  });

  it('/access-pending says approval is needed, with its back-to-login button', async () => {
    await expectPage('/access-pending', 'Access Pending Approval', REGISTRATION_TEXTS.pendingDetail, 'Back to Sign In');
    expect(REGISTRATION_TEXTS.pendingDetail).toMatch(/waiting for an admin's approval/);
  });

  it.each([
    [
      'approve',
      'Registration Approved',
      /^Approved by Ada Admin \(ada@demo\.test\) on Mar 4, 2025 at \d+:30 [AP]M\. We've emailed them an invitation/,
    ],
    ['block', 'Registration Blocked', /^Blocked by Ada Admin \(ada@demo\.test\) on Mar 4, 2025/],
    [
      'already_approved',
      'Already Approved',
      /^This registration request was already approved by Ada Admin \(ada@demo\.test\) on Mar 4, 2025 .*Nothing else was changed\.$/,
    ],
    [
      'already_blocked',
      'Already Blocked',
      /^This registration request was already blocked by Ada Admin \(ada@demo\.test\) on Mar 4, 2025 .*Nothing else was changed\.$/,
    ],
  ])(
    '/registration-approval-status?status=%s says it in words, naming who answered and when',
    async (status, title, detail) => {
      installFakeApi({ ...signedOut });
      renderApp(`/registration-approval-status?status=${status}&${responder}`);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(detail)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    },
  );

  it('an expired or unknown link says so', async () => {
    await expectPage(
      '/registration-approval-status?status=expired',
      'This Link Has Expired',
      REGISTRATION_APPROVAL_TEXTS.expired.detail(),
      'Sign In',
    );
  });

  it('a status it does not know still renders a sentence', async () => {
    await expectPage(
      '/registration-approval-status?status=hacked',
      REGISTRATION_APPROVAL_TEXTS.unknown.title,
      REGISTRATION_APPROVAL_TEXTS.unknown.detail(),
      'Sign In',
    );
  });
});
