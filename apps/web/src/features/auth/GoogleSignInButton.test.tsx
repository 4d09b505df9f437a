import { configure, screen } from '@testing-library/react';
import { GOOGLE_SIGN_IN_TEXTS, MESSAGES } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { signedOut } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 15_000 });

const options = (configured: boolean) => ({
  'GET /api/auth/sign-in-options': { status: 200, body: { data: { google: { configured } } } },
});

describe('the Google button on /login', { timeout: 60_000 }, () => {
  it('goes to /oauth/google/redirect when Google is configured', async () => {
    installFakeApi({ ...signedOut, ...options(true) });
    renderApp('/login');
    const link = await screen.findByRole('link', { name: /Sign in with Google/ });
    expect(link).toHaveAttribute('href', '/oauth/google/redirect');
  });

  it('says clearly when Google sign-in is not configured', async () => {
    installFakeApi({ ...signedOut, ...options(false) });
    renderApp('/login');
    const button = await screen.findByRole('button', { name: /Google sign-in is not configured/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(GOOGLE_SIGN_IN_TEXTS.notConfiguredDetail);
    expect(screen.queryByRole('link', { name: /Sign in with Google/ })).not.toBeInTheDocument();
    // Email and password still work.
    expect(screen.getByRole('heading', { name: MESSAGES.signInHeading })).toBeVisible();
    expect(screen.getByLabelText('Email')).toBeEnabled();
  });

  it('explains a Google sign-in that came back without signing in', async () => {
    installFakeApi({ ...signedOut, ...options(true) });
    renderApp('/login?google=failed');
    expect(await screen.findByText(GOOGLE_SIGN_IN_TEXTS.errors.failed)).toBeVisible();
    renderApp('/login?google=email_unverified');
    expect(await screen.findByText(GOOGLE_SIGN_IN_TEXTS.errors.email_unverified)).toBeVisible();
  });
});
