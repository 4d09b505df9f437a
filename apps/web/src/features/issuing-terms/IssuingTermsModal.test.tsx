import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { CARD_MESSAGES } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { makeMe } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render-ui';
import { IssuingTermsGate } from './IssuingTermsGate';
import { mustAcceptIssuingTerms } from './must-accept';

configure({ asyncUtilTimeout: 5000, defaultHidden: true });

const cardholder = makeMe({ id: 6, stripe_cardholder_id: 'ich_6', issuing_tos_acceptance: { accepted_at: null } });
const heading = (name: string) => screen.findByRole('heading', { name }, { timeout: 15_000 });

describe('issuing terms modal', { timeout: 120_000 }, () => {
  it('walks through the three documents with Next and Previous, then Accept records it and closes', async () => {
    document.cookie = 'XSRF-TOKEN=t';
    let accepted = false;
    const fake = installFakeApi({
      'POST /api/issuing-tos-acceptances/accept': () => {
        accepted = true;
        return { status: 201, body: { message: CARD_MESSAGES.termsAccepted } };
      },
      'GET /api/me': () => ({
        status: 200,
        body: {
          data: {
            ...cardholder,
            issuing_tos_acceptance: { accepted_at: accepted ? '2025-03-01T00:00:00.000Z' : null },
          },
        },
      }),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderWithProviders(<IssuingTermsGate />, { me: cardholder });

    expect(await heading('E-Sign Disclosure and Consent')).toBeInTheDocument();
    expect(screen.getByText('Issuing Terms of Service')).toBeInTheDocument();
    // It can't be dismissed: no close button, Escape does nothing.
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('Authorized User Terms')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await heading('E-Sign Disclosure and Consent')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await heading('Wallet Pass-through Provisions')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(CARD_MESSAGES.termsAccepted)).toBeInTheDocument();
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ issuer: 'stripe' });
    await waitFor(() =>
      expect(screen.queryByText('Wallet Pass-through Provisions', { selector: 'h2' })).not.toBeInTheDocument(),
    );
  });

  it('is required only of a cardholder without an acceptance time', () => {
    expect(mustAcceptIssuingTerms(cardholder)).toBe(true);
    expect(mustAcceptIssuingTerms(makeMe({ stripe_cardholder_id: null }))).toBe(false);
    expect(
      mustAcceptIssuingTerms({ ...cardholder, issuing_tos_acceptance: { accepted_at: '2025-01-01T00:00:00.000Z' } }),
    ).toBe(false);
  });
});
