import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GL_CODE_MESSAGES } from '@wallet/contract';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-ui';
import { installReportsApi, type ApiCall } from '../test-api';
import { CategoryGlCodesCard } from './CategoryGlCodesCard';

const admin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['wallet-admin'] });
const CREATED = '2026-01-01T00:00:00.000Z';

function categoriesApi(saved: (call: ApiCall) => { status: number; body: unknown }) {
  let categories = [
    { id: 1, name: 'Meals', gl_code: null, created_at: CREATED },
    { id: 2, name: 'Travel', gl_code: '6000', created_at: CREATED },
  ];
  return installReportsApi(admin, {
    'GET /api/wallet-categories': () => ({
      status: 200,
      body: { data: categories, meta: { total: 2, current_page: 1, per_page: 2, last_page: 1 } },
    }),
    'PUT /api/wallet-categories/1': (call) => {
      const reply = saved(call);
      if (reply.status === 200) categories = categories.map((row) => (row.id === 1 ? (reply.body as never) : row));
      return { status: reply.status, body: reply.status === 200 ? { data: reply.body } : reply.body };
    },
  });
}

describe('Category GL Codes', { timeout: 60_000 }, () => {
  it('lists each category with its code (None when unset) and saves a new one with the name as it is', async () => {
    const api = categoriesApi((call) => ({
      status: 200,
      body: { id: 1, name: 'Meals', gl_code: (call.body as { gl_code: string }).gl_code, created_at: CREATED },
    }));
    renderWithProviders(<CategoryGlCodesCard />, { me: admin });
    const travel = (await screen.findByText('Travel')).closest('tr')!;
    expect(within(travel).getByText('6000')).toBeInTheDocument();
    const meals = screen.getByText('Meals').closest('tr')!;
    expect(within(meals).getByText('None')).toBeInTheDocument();

    fireEvent.click(within(meals).getByRole('button', { name: 'Edit the GL code of Meals' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('GL code of Meals'), { target: { value: ' 6100-01 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('/api/wallet-categories/1', 'PUT')).toHaveLength(1));
    expect(api.to('/api/wallet-categories/1', 'PUT')[0]!.body).toEqual({ name: 'Meals', gl_code: '6100-01' });
    expect(await screen.findByText('6100-01')).toBeInTheDocument();
  });

  it('a code with other characters is refused in the form, and the server’s 422 shows on the field', async () => {
    const api = categoriesApi(() => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { gl_code: ['Taken by the server.'] } },
    }));
    renderWithProviders(<CategoryGlCodesCard />, { me: admin });
    const meals = (await screen.findByText('Meals')).closest('tr')!;
    fireEvent.click(within(meals).getByRole('button', { name: 'Edit the GL code of Meals' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('GL code of Meals');
    fireEvent.change(input, { target: { value: '60/00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(GL_CODE_MESSAGES.characters)).toBeInTheDocument();
    expect(api.to('/api/wallet-categories/1', 'PUT')).toHaveLength(0);

    fireEvent.change(input, { target: { value: '6000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Taken by the server.')).toBeInTheDocument();
  });
});
