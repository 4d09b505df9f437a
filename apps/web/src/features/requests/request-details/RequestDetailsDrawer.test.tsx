import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { REQUEST_MESSAGES, REQUEST_TEXTS, type Me } from '@wallet/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { csrfCookieRoute, installFakeApi, type FakeReply, type RecordedCall } from '../../../test/fake-api';
import { makeMe } from '../../../test/fixtures';
import { getButton } from '../../../test/queries';
import { RequestsPage } from '../RequestsPage';
import { frank as frankOsei, listOf, makeApproval, makeRequest } from '../test-data';
import { listCalls, openDetails, renderSignedIn } from '../test-utils';

// antd renders slowly in jsdom; role queries skip the computed-style visibility check.
configure({ asyncUtilTimeout: 15_000, defaultHidden: true });

const maya = makeMe({ id: 2, name: 'Maya Patel', roles: ['wallet-admin'] });
const frank = makeMe({ id: 3, name: 'Frank Osei', roles: ['wallet-user'] });

type Routes = Record<string, FakeReply | ((call: RecordedCall) => FakeReply)>;

function api(routes: Routes) {
  return installFakeApi({ ...csrfCookieRoute, ...routes });
}

function render(me: Me, path = '/requests') {
  return renderSignedIn(<RequestsPage />, me, path);
}

describe('request details drawer', { timeout: 60_000 }, () => {
  let user: UserEvent;
  beforeEach(() => {
    user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  });

  it('shows Approve and Reject to the current approver, sends a blank comment as null and keeps the row in place', async () => {
    const afterStepOne = makeRequest({
      approvals: [
        makeApproval({ approved: 'approved', decided_at: '2026-03-03T09:00:00.000Z' }),
        makeApproval({ id: 12, approver_id: 3, position: 1 }),
      ],
    });
    let current = makeRequest();
    const fake = api({
      'GET /api/purchase-requests': listOf([makeRequest()]),
      'GET /api/purchase-requests/7': () => ({ status: 200, body: { data: current } }),
      'PUT /api/purchase-requests/7/approvals/11': () => {
        current = afterStepOne;
        return { status: 200, body: { data: afterStepOne } };
      },
    });
    render(maya);
    const drawer = await openDetails(user);
    expect(within(drawer).getByText('Waiting for your decision')).toBeInTheDocument();
    await user.click(getButton(REQUEST_TEXTS.approve, drawer));

    expect(await screen.findByText(REQUEST_MESSAGES.approvalSaved)).toBeInTheDocument();
    const put = fake.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ approving: true, status: 'approved', notes: null });
    // Both states are still pending: the row stays, updated in place, without reloading the list.
    await waitFor(() => expect(within(drawer).queryByText(REQUEST_TEXTS.approve)).not.toBeInTheDocument());
    expect(screen.getByText('$250.50', { selector: 'td *' })).toBeInTheDocument();
    expect(listCalls(fake, '/api/purchase-requests')).toHaveLength(1);
  });

  it('takes the request off the Pending list once a state is decided', async () => {
    const approved = makeRequest({
      approved_path: 'approved',
      status: 'Approved',
      transferred: '2026-03-03T09:00:00.000Z',
    });
    let decided = false;
    const fake = api({
      'GET /api/purchase-requests': () => listOf(decided ? [] : [makeRequest()]),
      'GET /api/purchase-requests/7': () => ({ status: 200, body: { data: decided ? approved : makeRequest() } }),
      'PUT /api/purchase-requests/7/approvals/11': () => {
        decided = true;
        return { status: 200, body: { data: approved } };
      },
    });
    render(maya);
    const drawer = await openDetails(user);
    fireEvent.change(within(drawer).getByLabelText(/^Comment/), { target: { value: 'Fine by me' } });
    await user.click(getButton(REQUEST_TEXTS.approve, drawer));
    await screen.findByText(REQUEST_MESSAGES.approvalSaved);
    expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      approving: true,
      status: 'approved',
      notes: 'Fine by me',
    });
    await waitFor(() => expect(screen.queryByText('$250.50', { selector: 'td *' })).not.toBeInTheDocument());
    expect(await screen.findByText('Nothing is waiting for your decision.')).toBeInTheDocument();
  });

  it('shows an approver skipped by a closed request as Not needed, not Pending', async () => {
    const rejected = makeRequest({
      approved_path: 'rejected',
      status: 'Rejected',
      approvals: [
        makeApproval({ approved: 'rejected', decided_at: '2026-03-03T09:00:00.000Z' }),
        makeApproval({
          id: 12,
          approver_id: 3,
          position: 1,
          approver: frankOsei,
        }),
      ],
    });
    api({
      'GET /api/purchase-requests': listOf([rejected]),
      'GET /api/purchase-requests/7': { status: 200, body: { data: rejected } },
    });
    render(maya);
    const drawer = await openDetails(user);
    const skipped = await within(drawer).findByLabelText('Step 2: Frank Osei, not needed');
    expect(within(skipped).getByText('Not needed')).toBeInTheDocument();
    expect(within(skipped).queryByText('Pending')).not.toBeInTheDocument();
  });

  it('hides Approve and Reject from an approver whose turn has not come', async () => {
    api({
      'GET /api/purchase-requests': listOf([makeRequest()]),
      'GET /api/purchase-requests/7': { status: 200, body: { data: makeRequest() } },
    });
    render(frank);
    const drawer = await openDetails(user);
    expect(within(drawer).getByText('Frank Osei')).toBeInTheDocument();
    expect(within(drawer).queryByText(REQUEST_TEXTS.approve)).not.toBeInTheDocument();
    expect(within(drawer).queryByText(REQUEST_TEXTS.reject)).not.toBeInTheDocument();
    // Not an admin: no force decisions either.
    expect(within(drawer).queryByText(REQUEST_TEXTS.forceApprove)).not.toBeInTheDocument();
  });

  it('shows the Admin Approved notice, and no decision buttons, once an admin forced it', async () => {
    const forced = makeRequest({
      approved_accounting: 'approved',
      accounting_notes: REQUEST_MESSAGES.forceNote('approved', 'requests'),
      status: 'Approved',
    });
    api({
      'GET /api/purchase-requests': listOf([forced]),
      'GET /api/purchase-requests/7': { status: 200, body: { data: forced } },
    });
    render(maya);
    const drawer = await openDetails(user);
    expect(within(drawer).getByText(REQUEST_TEXTS.adminApproved)).toBeInTheDocument();
    expect(within(drawer).getByText(REQUEST_MESSAGES.forceNote('approved', 'requests'))).toBeInTheDocument();
    expect(within(drawer).queryByText(REQUEST_TEXTS.approve)).not.toBeInTheDocument();
    expect(within(drawer).queryByText(REQUEST_TEXTS.forceApprove)).not.toBeInTheDocument();
  });

  it("offers Force Approve to admins, sending the requests page's note", async () => {
    const fake = api({
      'GET /api/purchase-requests': listOf([makeRequest()]),
      'GET /api/purchase-requests/7': { status: 200, body: { data: makeRequest() } },
      'PUT /api/purchase-requests/7/finance-approval': {
        status: 200,
        body: { data: makeRequest({ approved_accounting: 'rejected' }) },
      },
    });
    render(maya);
    const drawer = await openDetails(user);
    await user.click(getButton(REQUEST_TEXTS.forceReject, drawer));
    await user.click(await screen.findByText(REQUEST_TEXTS.forceReject, { selector: '.ant-popover button *' }));
    expect(await screen.findByText(REQUEST_MESSAGES.approvalSaved)).toBeInTheDocument();
    expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      approving: true,
      status: 'rejected',
      notes: 'Force rejected by admin from the purchase requests page.',
    });
  });

  it.each([
    [403, REQUEST_MESSAGES.notApprover],
    [422, REQUEST_MESSAGES.incorrectStatus],
  ])('shows a %i from a decision as You Cannot Modify That Request with the reason', async (status, reason) => {
    api({
      'GET /api/purchase-requests': listOf([makeRequest()]),
      'GET /api/purchase-requests/7': { status: 200, body: { data: makeRequest() } },
      'PUT /api/purchase-requests/7/approvals/11': { status, body: { message: reason } },
    });
    render(maya);
    const drawer = await openDetails(user);
    await user.click(getButton(REQUEST_TEXTS.reject, drawer));
    expect(await screen.findByText(REQUEST_MESSAGES.cannotModify)).toBeInTheDocument();
    expect(screen.getByText(`Reason: ${reason}`)).toBeInTheDocument();
  });
});
