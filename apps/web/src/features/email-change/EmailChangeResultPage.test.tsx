import { configure, screen } from '@testing-library/react';
import { EMAIL_CHANGE_TEXTS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { signedOut } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 15_000 });

describe('/email-change (public): where the link confirming a new email lands', { timeout: 60_000 }, () => {
  it.each(['changed', 'used', 'expired', 'invalid', 'taken'] as const)(
    'says in words what ?status=%s means, with the ways back into the app',
    async (status) => {
      installFakeApi({ ...signedOut });
      renderApp(`/email-change?status=${status}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: EMAIL_CHANGE_TEXTS[status].title }),
      ).toBeInTheDocument();
      expect(screen.getByText(EMAIL_CHANGE_TEXTS[status].detail)).toBeInTheDocument();
      // Public: readable signed out.
      expect(screen.getByTestId('current-path')).toHaveTextContent('/email-change');
      expect(screen.getByRole('link', { name: EMAIL_CHANGE_TEXTS.signIn })).toHaveAttribute('href', '/login');
      expect(screen.getByRole('link', { name: EMAIL_CHANGE_TEXTS.openSettings })).toHaveAttribute(
        'href',
        '/account-settings?tab=profile',
      );
    },
  );

  it('treats a status it does not know as a link it does not recognise', async () => {
    installFakeApi({ ...signedOut });
    renderApp('/email-change?status=hacked');
    expect(
      await screen.findByRole('heading', { level: 1, name: EMAIL_CHANGE_TEXTS.invalid.title }),
    ).toBeInTheDocument();
  });
});
