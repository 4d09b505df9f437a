import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECEIPT_INBOX_TEXTS, RECEIPT_MESSAGES, type Receipt } from '@wallet/contract';
import { csrfCookieRoute, installFakeApi } from '../../test/fake-api';
import { makeMe } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render-ui';
import { ReceiptInboxPage } from './ReceiptInboxPage';

const me = makeMe({ id: 5, name: 'Mia Member', roles: ['wallet-user'] });
const FEB_3 = Date.UTC(2025, 1, 3, 12) / 1000;

function receipt(overrides: Partial<Receipt>): Receipt {
  return {
    id: 1,
    expense_id: null,
    type: 'png',
    content_type: 'image/png',
    byte_size: 100,
    file_name: 'lunch.png',
    file_url: '/api/receipts/1/file',
    uploaded_by: { id: 5, name: 'Mia Member' },
    created_at: '2026-11-26T08:00:00Z',
    reading: 'read',
    ocr: { amount: 3_000, date: '2025-02-03', merchant: 'SWEETGREEN' },
    match: null,
    transaction: null,
    ...overrides,
  };
}

const page = (data: Receipt[]) => ({
  status: 200,
  body: { data, meta: { total: data.length, current_page: 1, per_page: 20, last_page: 1 } },
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('Receipt inbox', { timeout: 60_000 }, () => {
  it('shows each receipt: where a matched one went, a suggestion to confirm, one still being read', async () => {
    const sweetgreen = { id: 40, amount: 3_000, stripe_created: FEB_3, merchant_data: { name: 'Sweetgreen' } };
    const blueBottle = { id: 41, amount: 700, stripe_created: FEB_3, merchant_data: { name: 'Blue Bottle' } };
    const api = installFakeApi({
      ...csrfCookieRoute,
      'GET /api/receipts': page([
        receipt({ id: 3, file_name: 'reading.png', reading: 'queued', ocr: null }),
        receipt({ id: 2, file_name: 'vague.png', match: { expense_id: 41, confidence: 0.7 }, transaction: blueBottle }),
        receipt({ id: 1, expense_id: 40, match: { expense_id: 40, confidence: 0.95 }, transaction: sweetgreen }),
      ]),
      'POST /api/receipts/2/attach': {
        status: 200,
        body: { data: receipt({ id: 2, expense_id: 41, transaction: blueBottle }), message: RECEIPT_MESSAGES.attached },
      },
    });
    renderWithProviders(<ReceiptInboxPage />, { me });
    const list = await screen.findByRole('list', { name: 'Your receipts' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText(RECEIPT_INBOX_TEXTS.reading)).toBeInTheDocument();
    expect(within(items[2]!).getByText(/Attached: \$30\.00 at Sweetgreen/)).toBeInTheDocument();
    expect(within(items[1]!).getByText(RECEIPT_INBOX_TEXTS.suggested)).toBeInTheDocument();
    expect(within(items[1]!).getByText('Read: $30.00 · 3 Feb 2025 · SWEETGREEN')).toBeInTheDocument();
    await userEvent.click(
      within(items[1]!).getByRole('button', { name: /^Attach to this transaction: \$7\.00 at Blue Bottle/ }),
    );
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/receipts/2/attach')).toBe(true));
    const call = api.calls.find((c) => c.path === '/api/receipts/2/attach')!;
    expect(call.body).toEqual({ expense_id: 41 });
    expect(await screen.findByText(RECEIPT_MESSAGES.attached)).toBeInTheDocument();
  });

  it('uploads every dropped file in one request and says the server’s answer; an empty inbox says what it is for', async () => {
    const api = installFakeApi({
      ...csrfCookieRoute,
      'GET /api/receipts': page([]),
      'POST /api/receipts': { status: 201, body: { data: [], message: RECEIPT_INBOX_TEXTS.uploaded(2) } },
    });
    const { container } = renderWithProviders(<ReceiptInboxPage />, { me });
    expect(await screen.findByText(RECEIPT_INBOX_TEXTS.empty)).toBeInTheDocument();
    const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.multiple).toBe(true);
    const files = [
      new File([new Uint8Array(8)], 'a.png', { type: 'image/png' }),
      new File([new Uint8Array(8)], 'b.pdf', { type: 'application/pdf' }),
    ];
    fireEvent.change(input, { target: { files } });
    expect(await screen.findByText(RECEIPT_INBOX_TEXTS.uploaded(2))).toBeInTheDocument();
    const uploads = api.calls.filter((call) => call.method === 'POST' && call.path === '/api/receipts');
    expect(uploads).toHaveLength(1);
    expect((uploads[0]!.body as FormData).getAll('receipt')).toHaveLength(2);
  });
});
