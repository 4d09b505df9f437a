import { act, render, screen, within } from '@testing-library/react';
import { MESSAGES } from '@wallet/contract';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { errorOutcome } from './error-notifications';
import { HttpError } from './http';
import { useNotifyError } from './use-notify-error';

function FailingAction({ error }: { error: unknown }) {
  const notifyError = useNotifyError();
  return <button onClick={() => notifyError(error)}>Fail</button>;
}

/** Shows `error` the way the app does and returns the notices on screen as [title, description] pairs. */
function show(error: unknown): string[][] {
  render(
    <AppProviders>
      <FailingAction error={error} />
    </AppProviders>,
  );
  act(() => screen.getByRole('button', { name: 'Fail' }).click());
  return Array.from(document.querySelectorAll<HTMLElement>('.ant-notification-notice')).map((notice) => [
    notice.querySelector('.ant-notification-notice-title')?.textContent ?? '',
    notice.querySelector('.ant-notification-notice-description')?.textContent ?? '',
  ]);
}

const reportSpy = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('PRODUCT.md §8 notifications for failed calls', () => {
  it('400: "Check your entries and try again!" with the first error, else the message', () => {
    expect(show(new HttpError(400, 'Unknown filter: colour', { 'filter[colour]': ['Unknown filter.'] }))).toEqual([
      [MESSAGES.checkEntries, 'Unknown filter.'],
    ]);
  });

  it('400 without field errors shows the server message', () => {
    expect(show(new HttpError(400, 'Unknown sort: size'))).toEqual([[MESSAGES.checkEntries, 'Unknown sort: size']]);
  });

  it.each([401, 402])('%i is silent and not reported', (status) => {
    const spy = reportSpy();
    expect(show(new HttpError(status, 'Unauthenticated.'))).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('403 with a server message shows it, and is not reported', () => {
    const spy = reportSpy();
    expect(show(new HttpError(403, 'Only admins may fund cards.'))).toEqual([
      [MESSAGES.notAuthorized, 'Only admins may fund cards.'],
    ]);
    expect(spy).not.toHaveBeenCalled();
  });

  it('403 without a server message suggests refreshing or signing in again', () => {
    expect(show(new HttpError(403, undefined, {}, 'Forbidden'))).toEqual([
      [MESSAGES.notAuthorized, MESSAGES.notAuthorizedHint],
    ]);
  });

  it('404: "That resource wasn\'t found."', () => {
    const spy = reportSpy();
    expect(show(new HttpError(404, 'Not Found.'))).toEqual([[MESSAGES.resourceNotFound, '']]);
    expect(spy).not.toHaveBeenCalled();
  });

  it("422: one warning per field with that field's first message", () => {
    const error = new HttpError(422, 'The given data was invalid.', {
      email: ['The email has already been taken.', 'second message'],
      first_name: ['The first name field is required.'],
    });
    expect(show(error)).toEqual([
      [MESSAGES.checkEntries, 'The email has already been taken.'],
      [MESSAGES.checkEntries, 'The first name field is required.'],
    ]);
  });

  it('423: asks to confirm the password', () => {
    expect(show(new HttpError(423, 'Password confirmation required.'))).toEqual([
      [MESSAGES.confirmPassword, MESSAGES.sensitiveRestricted],
    ]);
  });

  it('429: a warning to slow down', () => {
    expect(show(new HttpError(429, MESSAGES.tooManyAttempts))).toEqual([
      [MESSAGES.tooManyRequests, MESSAGES.tooManyAttempts],
    ]);
  });

  it('500: "There\'s been an error!" with the server message, reported', () => {
    const spy = reportSpy();
    const error = new HttpError(500, 'Server Error');
    expect(show(error)).toEqual([[MESSAGES.genericError, 'Server Error']]);
    expect(spy).toHaveBeenCalledWith('[reported]', error);
  });

  it('a network failure is shown but not reported', () => {
    const spy = reportSpy();
    const [notice] = show(new HttpError(0, undefined, {}, 'We could not reach the server.'));
    expect(notice).toEqual([MESSAGES.genericError, 'We could not reach the server.']);
    expect(spy).not.toHaveBeenCalled();
  });

  it('shows notifications at the bottom right', () => {
    show(new HttpError(404, 'Not Found.'));
    const container = document.querySelector('.ant-notification-bottomRight');
    expect(container).not.toBeNull();
    expect(within(container as HTMLElement).getByText(MESSAGES.resourceNotFound)).toBeVisible();
  });

  it('the mapping itself is pure: same error, same outcome, nothing shown', () => {
    const error = new HttpError(500, 'Server Error');
    expect(errorOutcome(error)).toEqual(errorOutcome(error));
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });
});
