import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECEIPT_MESSAGES } from '@wallet/contract';
import { csrfCookieRoute, installFakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-ui';
import { ReceiptCell } from './ReceiptCell';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

const LABEL = '$12.50 at Blue Bottle Coffee on 3 Feb 2025';
const RECEIPT = { id: 41, type: 'png' as const, file_url: '/api/receipts/41/file' };

function pngFile(bytes = 10) {
  return new File([new Uint8Array(bytes)], 'lunch.png', { type: 'image/png' });
}

describe('ReceiptCell', () => {
  it('attaches a chosen file to the transaction and says so', async () => {
    const api = installFakeApi({
      ...csrfCookieRoute,
      'POST /api/expenses/7/receipts': {
        status: 201,
        body: { data: { ...RECEIPT, expense_id: 7 }, message: RECEIPT_MESSAGES.attached },
      },
    });
    const { container } = renderWithProviders(<ReceiptCell expenseId={7} transaction={LABEL} receipt={null} canEdit />);
    expect(screen.getByRole('button', { name: `Attach a receipt for ${LABEL}` })).toBeInTheDocument();
    const input = container.querySelector<HTMLInputElement>('input[type=file]:not([capture])')!;
    expect(input.accept).toContain('application/pdf');
    await userEvent.upload(input, pngFile());
    expect(await screen.findByText(RECEIPT_MESSAGES.attached)).toBeInTheDocument();
    const upload = api.calls.find((call) => call.path === '/api/expenses/7/receipts')!;
    expect(upload.method).toBe('POST');
    expect((upload.body as FormData).get('receipt')).toBeInstanceOf(File);
  });

  it('refuses a file over 10 MB before sending it, and shows the server’s reason for one it refuses', async () => {
    const api = installFakeApi({
      ...csrfCookieRoute,
      'POST /api/expenses/7/receipts': {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { receipt: [RECEIPT_MESSAGES.unsupported] } },
      },
    });
    const { container } = renderWithProviders(<ReceiptCell expenseId={7} transaction={LABEL} receipt={null} canEdit />);
    const input = container.querySelector<HTMLInputElement>('input[type=file]:not([capture])')!;
    const big = pngFile();
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await userEvent.upload(input, big);
    expect(await screen.findByText(RECEIPT_MESSAGES.tooLarge)).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/api/expenses/7/receipts')).toBe(false);
    await userEvent.upload(input, pngFile());
    expect(await screen.findByText(RECEIPT_MESSAGES.unsupported)).toBeInTheDocument();
  });

  it('opens an attached receipt, shows the image, and removes it after a confirmation', async () => {
    const api = installFakeApi({ ...csrfCookieRoute, 'DELETE /api/receipts/41': { status: 204 } });
    renderWithProviders(<ReceiptCell expenseId={7} transaction={LABEL} receipt={RECEIPT} canEdit />);
    await userEvent.click(screen.getByRole('button', { name: `View the receipt for ${LABEL}` }));
    const drawer = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(within(drawer).getByRole('img', { name: `Receipt for ${LABEL}` })).toHaveAttribute('src', RECEIPT.file_url);
    expect(within(drawer).getByRole('button', { name: `Replace a receipt for ${LABEL}` })).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: /Remove/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await screen.findByText(RECEIPT_MESSAGES.removed)).toBeInTheDocument();
  });

  it("shows a HEIC photo as the server's JPEG of it, and downloads the original", async () => {
    installFakeApi({});
    const heic = { id: 42, type: 'heic' as const, file_url: '/api/receipts/42/file' };
    renderWithProviders(<ReceiptCell expenseId={7} transaction={LABEL} receipt={heic} canEdit={false} />);
    await userEvent.click(screen.getByRole('button', { name: `View the receipt for ${LABEL}` }));
    const drawer = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(within(drawer).getByRole('img', { name: `Receipt for ${LABEL}` })).toHaveAttribute(
      'src',
      '/api/receipts/42/file?as=jpeg',
    );
    expect(within(drawer).getByRole('link', { name: /Download/ })).toHaveAttribute('href', heic.file_url);
  });

  it('without the right to change it, a transaction without a receipt shows "Missing" and no Attach', () => {
    installFakeApi({});
    const { unmount } = renderWithProviders(
      <ReceiptCell expenseId={7} transaction={LABEL} receipt={null} canEdit={false} />,
    );
    expect(screen.getByText('Missing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Attach/ })).toBeNull();
    unmount();
  });
});
