import { configure, screen } from '@testing-library/react';
import { APPROVAL_LINK_TEXTS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { signedOut } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 15_000 });

async function expectPage(path: string, title: string, detail: string) {
  installFakeApi({ ...signedOut });
  renderApp(path);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getByText(detail)).toBeInTheDocument();
  // No sign-in needed to read it, and a way into the app.
  expect(screen.getByTestId('current-path')).toHaveTextContent(path.split('?')[0]!);
  expect(screen.getByText(APPROVAL_LINK_TEXTS.signIn).closest('a')).toHaveAttribute('href', '/login');
  expect(screen.getByText(APPROVAL_LINK_TEXTS.openRequests).closest('a')).toHaveAttribute(
    'href',
    '/requests?tab=pending',
  );
}

describe('approval link pages (public)', { timeout: 60_000 }, () => {
  it.each([
    ['approved', APPROVAL_LINK_TEXTS.approvedTitle, 'The purchase request has been marked approved.'],
    ['rejected', APPROVAL_LINK_TEXTS.rejectedTitle, 'The purchase request has been marked denied.'],
    [
      'used',
      APPROVAL_LINK_TEXTS.usedTitle,
      'This purchase request has already been responded to. Nothing else was changed.',
    ],
  ])('/purchase-requests/approvals/done?status=%s', async (status, title, detail) => {
    await expectPage(`/purchase-requests/approvals/done?approval=12&status=${status}`, title, detail);
  });

  it('/purchase-requests/approvals/done?status=not-needed says the approval is no longer needed', async () => {
    await expectPage(
      '/purchase-requests/approvals/done?status=not-needed',
      'Approval No Longer Needed',
      APPROVAL_LINK_TEXTS.notNeededDetail,
    );
    expect(APPROVAL_LINK_TEXTS.notNeededDetail).toMatch(/approval path changed.*no longer waits for you/);
  });

  it('/purchase-requests/approvals/error?status=funding says it cannot be funded now', async () => {
    await expectPage(
      '/purchase-requests/approvals/error?status=funding',
      'This Request Cannot Be Funded Right Now',
      APPROVAL_LINK_TEXTS.fundingDetail,
    );
    expect(APPROVAL_LINK_TEXTS.fundingDetail).toMatch(/enough funds.*try the link again/);
  });

  it('/purchase-requests/approvals/error?status=not-found says it was deleted or no longer exists', async () => {
    await expectPage(
      '/purchase-requests/approvals/error?status=not-found',
      APPROVAL_LINK_TEXTS.notFoundTitle,
      'This purchase request was deleted or no longer exists.',
    );
  });

  it('/purchase-request/approvals/expired says the link expired and to decide in the app', async () => {
    await expectPage('/purchase-request/approvals/expired', 'This Link Has Expired', APPROVAL_LINK_TEXTS.expiredDetail);
    expect(APPROVAL_LINK_TEXTS.expiredDetail).toMatch(/Sign in and approve or reject/);
  });
});
