import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-ui';
import { installReportsApi } from '../test-api';
import { AccountingExportCard } from './AccountingExportCard';

const admin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['wallet-admin'] });
/** Mid-November: last month is October 2026. */
const TODAY = dayjs('2026-11-26T12:00:00');

const reviewedCount = (total: number, lowerBound = false) => ({
  'GET /api/expenses': () => ({
    status: 200,
    body: {
      data: [],
      meta: { total, current_page: 1, per_page: 1, last_page: 1, ...(lowerBound && { total_is_lower_bound: true }) },
    },
  }),
});

const link = (name: string) => screen.getByRole('link', { name: new RegExp(name) });

describe('Accounting Export', { timeout: 60_000 }, () => {
  it('offers last month as QuickBooks Online, counts its reviewed transactions, and links both downloads', async () => {
    const api = installReportsApi(admin, reviewedCount(42));
    renderWithProviders(<AccountingExportCard today={TODAY} />, { me: admin });
    expect(screen.getByRole('heading', { name: 'Accounting Export' })).toBeInTheDocument();
    expect(screen.getByText(/Only reviewed transactions are exported/)).toBeInTheDocument();
    expect(await screen.findByText('42 reviewed transactions in this period.')).toBeInTheDocument();
    const asked = api.to('/api/expenses').at(-1)!.url.searchParams;
    expect(asked.get('filter[review]')).toBe('reviewed');
    expect(asked.get('filter[between]')).toBe('day,2026-10-01,2026-10-31');
    expect(asked.get('page[size]')).toBe('1');
    expect(screen.getByLabelText('Accounting export period')).toHaveValue('October 2026');
    expect(screen.getByRole('radio', { name: 'QuickBooks Online' })).toBeChecked();
    // Within one import's 1,000 lines: one CSV, no word of files.
    expect(screen.queryByText(/downloads as a ZIP/)).not.toBeInTheDocument();
    expect(link('Download CSV')).toHaveTextContent(/^Download CSV$/);
    expect(link('Download CSV')).toHaveAttribute(
      'href',
      '/api/expenses/accounting-export?format=quickbooks&filter%5Bfrom%5D=2026-10-01&filter%5Bto%5D=2026-10-31',
    );
    expect(link('Download receipts')).toHaveAttribute(
      'href',
      '/api/expenses/receipts-archive?filter%5Bfrom%5D=2026-10-01&filter%5Bto%5D=2026-10-31',
    );
  });

  it('Xero and another month change the links and the count; none reviewed says so', async () => {
    const api = installReportsApi(admin, reviewedCount(0));
    renderWithProviders(<AccountingExportCard today={TODAY} />, { me: admin });
    expect(await screen.findByText(/No reviewed transactions in this period/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Xero' }));
    expect(link('Download CSV').getAttribute('href')).toContain('format=xero');
    const picker = screen.getByLabelText('Accounting export period');
    fireEvent.mouseDown(picker);
    fireEvent.click(picker);
    const september = await waitFor(() => {
      const cell = document.querySelector<HTMLElement>('.ant-picker-dropdown td[title="2026-09"]');
      if (!cell) throw new Error('the month panel is not open');
      return cell;
    });
    // Months after this one cannot be chosen.
    expect(document.querySelector('.ant-picker-dropdown td[title="2026-12"]')).toHaveClass('ant-picker-cell-disabled');
    fireEvent.click(september.querySelector('.ant-picker-cell-inner')!);
    await waitFor(() =>
      expect(api.to('/api/expenses').at(-1)!.url.searchParams.get('filter[between]')).toBe('day,2026-09-01,2026-09-30'),
    );
    expect(link('Download CSV')).toHaveAttribute(
      'href',
      '/api/expenses/accounting-export?format=xero&filter%5Bfrom%5D=2026-09-01&filter%5Bto%5D=2026-09-30',
    );
    expect(link('Download receipts').getAttribute('href')).toContain('filter%5Bfrom%5D=2026-09-01');
  });

  it('past 1,000 lines the download is a ZIP of CSV files, and says so before it is clicked', async () => {
    installReportsApi(admin, reviewedCount(1_001));
    renderWithProviders(<AccountingExportCard today={TODAY} />, { me: admin });
    expect(await screen.findByText('1,001 reviewed transactions in this period.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'QuickBooks Online and Xero import at most 1,000 lines (QuickBooks Online at most 350 KB) a file: this period ' +
          'downloads as a ZIP of CSV files, each with the heading, to import one after the other.',
      ),
    ).toBeInTheDocument();
    expect(link('Download CSV files \\(ZIP\\)')).toHaveAttribute(
      'href',
      '/api/expenses/accounting-export?format=quickbooks&filter%5Bfrom%5D=2026-10-01&filter%5Bto%5D=2026-10-31',
    );
  });

  it('a count past the limit reads as a lower bound; the links are keyboard-reachable', async () => {
    installReportsApi(admin, reviewedCount(10_000, true));
    renderWithProviders(<AccountingExportCard today={TODAY} />, { me: admin });
    expect(await screen.findByText('More than 10,000 reviewed transactions in this period.')).toBeInTheDocument();
    for (const name of ['Download CSV files', 'Download receipts']) {
      link(name).focus();
      expect(link(name)).toHaveFocus();
    }
  });
});
