import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REPORT_EXPORT_FIELDS } from '@wallet/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-ui';
import { installReportsApi, type Reply } from '../test-api';
import { ExportReportModal } from './ExportReportModal';

const admin = makeMe({ id: 1, roles: ['super-admin'] });
configure({ asyncUtilTimeout: 5000, defaultHidden: true });

const tableFilters = {
  'filter[custom_search]': 'coffee',
  'filter[between]': 'day,2025-03-01,2025-03-14',
  'filter[type]': 'capture',
  sort: '-amount',
};

function renderModal(exportReply: () => Reply) {
  const api = installReportsApi(admin, { 'GET /api/expenses/export': exportReply });
  const onClose = vi.fn();
  renderWithProviders(<ExportReportModal open onClose={onClose} filters={tableFilters} />, { me: admin });
  return { api, onClose };
}

const modal = () =>
  screen.getByText('Export Report', { selector: '.ant-modal-title' }).closest<HTMLElement>('.ant-modal')!;
const exportButton = () => within(modal()).getByText('Export', { selector: 'button *' }).closest('button')!;
const notice = (text: string) =>
  screen.findByText(text, { selector: '.ant-notification-notice-title, .ant-notification-notice-title *' });

describe('Export Report', { timeout: 60_000 }, () => {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });

  it("offers Excel or CSV and 'All (12)' or Custom columns; Custom with none says at least one is needed", async () => {
    const { api } = renderModal(() => ({ status: 200, body: 'x' }));
    expect(within(modal()).getByText('Excel')).toBeInTheDocument();
    expect(within(modal()).getByText('CSV')).toBeInTheDocument();
    expect(within(modal()).getByText('All (12)')).toBeInTheDocument();
    fireEvent.click(within(modal()).getByText('Custom'));
    const columns = await within(modal()).findByLabelText('Columns to export');
    for (const label of ['Posted Date', 'Merchant Category Code', 'Digital Wallet']) {
      fireEvent.click(within(columns).getByText(label));
    }
    for (const box of within(columns).getAllByRole('checkbox'))
      if ((box as HTMLInputElement).checked) fireEvent.click(box);
    fireEvent.click(exportButton());
    expect(await within(modal()).findByText('At least one column must be selected')).toBeInTheDocument();
    expect(api.to('/api/expenses/export')).toHaveLength(0);
  });

  it("exports with the table's filters, says 'Generating this report...' then 'Report generated successfully!' and saves under the server's name", async () => {
    let finish: (reply: Awaited<Reply>) => void = () => undefined;
    const { api, onClose } = renderModal(
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    fireEvent.click(within(modal()).getByText('CSV'));
    fireEvent.click(within(modal()).getByText('Custom'));
    const columns = await within(modal()).findByLabelText('Columns to export');
    fireEvent.click(within(columns).getByText('Notes'));
    fireEvent.click(within(columns).getByText('Digital Wallet'));
    fireEvent.click(exportButton());

    expect(await notice('Generating this report...')).toBeInTheDocument();
    const call = api.to('/api/expenses/export')[0]!;
    expect(call.credentials).toBe('include');
    const params = call.url.searchParams;
    expect(params.get('export_as')).toBe('csv');
    expect(params.get('export_fields')).toBe(
      REPORT_EXPORT_FIELDS.filter((field) => field !== 'notes' && field !== 'wallet').join(','),
    );
    expect(params.get('filter[custom_search]')).toBe('coffee');
    expect(params.get('filter[between]')).toBe('day,2025-03-01,2025-03-14');
    expect(params.get('filter[type]')).toBe('capture');
    expect(params.get('sort')).toBe('-amount');

    finish({
      status: 200,
      body: 'Posted Date,Amount\r\n',
      headers: {
        'Content-Type': 'text/csv',
        'Content-Disposition': 'attachment; filename="Alex Morgan-transactions-2025-03-01-to-2025-03-14.csv"',
      },
    });
    expect(await notice('Report generated successfully!')).toBeInTheDocument();
    expect(saved).toEqual(['Alex Morgan-transactions-2025-03-01-to-2025-03-14.csv']);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends All (12) columns as Excel by default', async () => {
    const { api } = renderModal(() => ({
      status: 200,
      body: 'xlsx',
      headers: { 'Content-Disposition': 'attachment; filename="report.xlsx"' },
    }));
    fireEvent.click(exportButton());
    expect(await notice('Report generated successfully!')).toBeInTheDocument();
    const params = api.to('/api/expenses/export')[0]!.url.searchParams;
    expect(params.get('export_as')).toBe('xlsx');
    expect(params.get('export_fields')).toBe(REPORT_EXPORT_FIELDS.join(','));
  });

  it("shows the server's message when the export fails", async () => {
    const { onClose } = renderModal(() => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { export_fields: ['Unknown column: colour.'] } },
    }));
    fireEvent.click(exportButton());
    expect(await screen.findByText('Unknown column: colour.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says 'unknown error occurred.' when the server gives no message", async () => {
    renderModal(() => ({ status: 500 }));
    fireEvent.click(exportButton());
    expect(await screen.findByText('unknown error occurred.')).toBeInTheDocument();
    expect(screen.queryByText("There's been an error!")).not.toBeInTheDocument();
  });
});
