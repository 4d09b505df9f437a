import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MESSAGES, TEAM_MESSAGES, type TeamResource } from '@wallet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { csrfCookieRoute, installFakeApi, type RecordedCall } from '../../../test/fake-api';
import { makeMe, signedIn } from '../../../test/fixtures';
import { findButton, findHeading } from '../../../test/queries';
import { renderApp } from '../../../test/render-app';
import { onPhone } from '../../../test/viewport';
import { listOf, makeTeam, makeUser } from '../test-data';

// antd renders slowly in jsdom; role queries skip the computed-style visibility check.
configure({ asyncUtilTimeout: 15_000, defaultHidden: true });

const admin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['super-admin'] });
const people = [
  { id: 21, name: 'Ana Approver', email: 'ana@demo.test', avatar_url: null },
  { id: 22, name: 'Ben Boss', email: 'ben@demo.test', avatar_url: null },
  { id: 23, name: 'Cy Chief', email: 'cy@demo.test', avatar_url: null },
];
const members = [
  makeUser({ id: 21, name: 'Ana Approver' }),
  makeUser({ id: 30, name: 'Mo Member', email: 'mo@demo.test' }),
];

function teamWithPath(path: number[]): TeamResource {
  return makeTeam({
    id: 5,
    name: 'Engineering',
    members_count: 2,
    approval_path: path,
    approval_path_users: path.map((id) => people.find((person) => person.id === id)!),
  });
}

function detailApi() {
  let team = teamWithPath([21, 22, 23]);
  return installFakeApi({
    ...signedIn(admin),
    ...csrfCookieRoute,
    'GET /api/teams/5': () => ({ status: 200, body: { data: team } }),
    'PUT /api/teams/5': (call: RecordedCall) => {
      team = teamWithPath((call.body as { approval_path: number[] }).approval_path);
      return { status: 200, body: { data: team } };
    },
    'GET /api/users': listOf(members),
  });
}

function approvalRows(): string[] {
  const card = screen
    .getByText('Approval Path', { selector: '.ant-card-head-title' })
    .closest<HTMLElement>('.ant-card')!;
  return [...card.querySelectorAll('tbody tr[data-row-key]')].map(
    (row) => row.querySelector('strong')?.textContent ?? '',
  );
}

// Load the lazily loaded page modules once, outside each test's time (jsdom + antd is slow on a busy machine).
beforeAll(async () => {
  await Promise.all([import('./TeamDetailPage')]);
}, 120_000);

describe('/teams/{teamId}', { timeout: 60_000 }, () => {
  it('shows the team name with its member count and the ordered approval path', async () => {
    detailApi();
    renderApp('/teams/5');
    expect(await findHeading('Engineering (2 Members)')).toBeVisible();
    await waitFor(() => expect(approvalRows()).toEqual(['Ana Approver', 'Ben Boss', 'Cy Chief']));
    expect(await screen.findByText('Mo Member')).toBeVisible();
    expect(screen.getByText('Back to Teams').closest('a')).toHaveAttribute('href', '/teams?tab=teams');
  });

  it('reorders the approval path with the keyboard move buttons and saves the whole path', async () => {
    const api = detailApi();
    renderApp('/teams/5');
    const moveDown = await screen.findByLabelText('Move Ana Approver down');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    moveDown.focus();
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(api.calls.some((call) => call.method === 'PUT' && call.path === '/api/teams/5')).toBe(true),
    );
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ approval_path: [22, 21, 23] });
    expect(await screen.findByText(TEAM_MESSAGES.updated)).toBeVisible();
    await waitFor(() => expect(approvalRows()).toEqual(['Ben Boss', 'Ana Approver', 'Cy Chief']));
    expect(screen.getByLabelText('Move Ben Boss up')).toBeDisabled();
  });

  it('removes an approver from the path after a confirm', async () => {
    const api = detailApi();
    renderApp('/teams/5');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(await screen.findByLabelText('Remove Ben Boss from the approval path'));
    const confirm = await screen.findByText('Remove this approver from the path?');
    await user.click(await findButton('Remove', confirm.closest<HTMLElement>('.ant-popover')!));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ approval_path: [21, 23] }),
    );
  });

  it('asks before removing a member', async () => {
    const api = detailApi();
    api.routes['DELETE /api/teams/5/users/30'] = { status: 204 };
    renderApp('/teams/5');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(await screen.findByLabelText('Remove Mo Member from the team'));
    const confirm = await screen.findByText(TEAM_MESSAGES.removeMemberConfirm);
    await user.click(await findButton('Remove', confirm.closest<HTMLElement>('.ant-popover')!));
    await waitFor(() =>
      expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/api/teams/5/users/30')).toBe(true),
    );
  });

  it('shows the not-found page for an unknown team', async () => {
    installFakeApi({
      ...signedIn(admin),
      'GET /api/teams/404': { status: 404, body: { message: MESSAGES.notFound } },
      'GET /api/users': listOf([]),
    });
    renderApp('/teams/404');
    expect(await screen.findByText(MESSAGES.notFoundPage)).toBeVisible();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  describe('on a phone', () => {
    onPhone();

    it('lists members and approvers as items with their remove (and move) buttons in view', async () => {
      detailApi();
      renderApp('/teams/5');
      const member = (await screen.findByText('mo@demo.test')).closest('tr')!;
      expect(member.querySelectorAll('td')).toHaveLength(1);
      expect(within(member).getByText('Mo Member')).toBeInTheDocument();
      expect(within(member).getByText('Role', { selector: 'dt' })).toBeInTheDocument();
      expect(within(member).getByLabelText('Remove Mo Member from the team')).toBeInTheDocument();

      const approver = screen.getByText('cy@demo.test').closest('tr')!;
      expect(approver.querySelectorAll('td')).toHaveLength(1);
      expect(within(approver).getByText('3')).toBeInTheDocument();
      expect(within(approver).getByLabelText('Move Cy Chief up')).toBeInTheDocument();
      expect(within(approver).getByLabelText('Remove Cy Chief from the approval path')).toBeInTheDocument();
      expect(within(approver).getByLabelText('Drag to reorder Cy Chief')).toBeInTheDocument();
    });
  });
});
