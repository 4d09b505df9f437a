import { QueryClient } from '@tanstack/react-query';
import { REQUEST_MESSAGES, type ListResponse, type PurchaseRequestResource } from '@wallet/contract';
import { describe, expect, it, vi } from 'vitest';
import { requestKeys } from '../../../lib/query-keys';
import { makeRequest } from '../test-data';
import {
  DecisionRefused,
  applyDecision,
  commentOrNull,
  decideApproval,
  forceDecision,
  refusalReason,
} from './decide-request';
import { HttpError } from '../../../lib/http';

const page = (rows: PurchaseRequestResource[]): ListResponse<PurchaseRequestResource> => ({
  data: rows,
  meta: { total: rows.length, current_page: 1, per_page: 10, last_page: 1 },
});

describe('decisions', () => {
  it.each(['maybe', 'pending', '', 'APPROVED'])('refuses the status %j before anything is sent', async (status) => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(decideApproval({ requestId: 7, approvalId: 11, status, notes: null })).rejects.toEqual(
      new DecisionRefused(REQUEST_MESSAGES.incorrectStatus),
    );
    await expect(forceDecision({ requestId: 7, status })).rejects.toBeInstanceOf(DecisionRefused);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends an empty comment as null', () => {
    expect(commentOrNull('')).toBeNull();
    expect(commentOrNull('   ')).toBeNull();
    expect(commentOrNull(undefined)).toBeNull();
    expect(commentOrNull(' ok ')).toBe('ok');
  });

  it("reads the reason of a 403 or 422, and nothing else, as 'You Cannot Modify That Request'", () => {
    expect(refusalReason(new HttpError(403, REQUEST_MESSAGES.notApprover))).toBe(REQUEST_MESSAGES.notApprover);
    expect(refusalReason(new HttpError(422, REQUEST_MESSAGES.incorrectStatus))).toBe(REQUEST_MESSAGES.incorrectStatus);
    expect(refusalReason(new HttpError(409, REQUEST_MESSAGES.alreadyDecided))).toBeUndefined();
  });
});

describe('after a decision (PRODUCT.md §4)', () => {
  const pendingKey = requestKeys.list('all', { include: 'user', 'filter[pending_approval_by]': 2 });
  const allKey = requestKeys.list('all', { include: 'user' });

  function clientWith(rows: PurchaseRequestResource[]) {
    const client = new QueryClient();
    client.setQueryData(pendingKey, page(rows));
    client.setQueryData(allKey, page(rows));
    return client;
  }

  it('updates the row in place while both states remain pending', async () => {
    const other = makeRequest({ id: 8 });
    const client = clientWith([makeRequest(), other]);
    // The decision's answer has no card, team or category: those stay as the list had them.
    const { card: _card, team: _team, wallet_category: _category, ...answer } = makeRequest({ notes: 'changed' });
    await applyDecision(client, answer as PurchaseRequestResource);
    const pending = client.getQueryData<ListResponse<PurchaseRequestResource>>(pendingKey)!;
    expect(pending.data.map((row) => row.id)).toEqual([7, 8]);
    expect(pending.data[0]).toMatchObject({ notes: 'changed', card: { last4: '9448' }, team: { name: 'Engineering' } });
    expect(client.getQueryState(pendingKey)?.isInvalidated).toBe(true);
  });

  it('takes the request off the Pending list once either state is decided, and keeps it elsewhere', async () => {
    const client = clientWith([makeRequest(), makeRequest({ id: 8 })]);
    await applyDecision(client, makeRequest({ approved_accounting: 'rejected', status: 'Rejected' }));
    const pending = client.getQueryData<ListResponse<PurchaseRequestResource>>(pendingKey)!;
    expect(pending.data.map((row) => row.id)).toEqual([8]);
    expect(pending.meta.total).toBe(1);
    const all = client.getQueryData<ListResponse<PurchaseRequestResource>>(allKey)!;
    expect(all.data.find((row) => row.id === 7)).toMatchObject({ approved_accounting: 'rejected', status: 'Rejected' });
  });
});
