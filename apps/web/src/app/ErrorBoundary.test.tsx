import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@wallet/contract';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from './AppProviders';
import { ErrorBoundary } from './ErrorBoundary';

let shouldFail = true;

function FlakyPage() {
  if (shouldFail) throw new Error('Cards could not be read.');
  return <p>Cards loaded</p>;
}

describe('ErrorBoundary', () => {
  it('shows the PRODUCT.md §2 message and the error, and Try Again renders the page afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppProviders>
        <ErrorBoundary>
          <FlakyPage />
        </ErrorBoundary>
      </AppProviders>,
    );
    expect(screen.getByText(MESSAGES.errorBoundary)).toBeVisible();
    expect(screen.getByText('Cards could not be read.')).toBeVisible();

    shouldFail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: MESSAGES.tryAgain }));
    expect(screen.getByText('Cards loaded')).toBeVisible();
    expect(screen.queryByText(MESSAGES.errorBoundary)).not.toBeInTheDocument();
  });
});
