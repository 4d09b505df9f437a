import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MESSAGES, USER_MESSAGES } from '@wallet/contract';
import { configure } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { csrfCookieRoute, installFakeApi } from '../../test/fake-api';
import { makeMe, signedIn } from '../../test/fixtures';
import { findButton, findDrawer, getButton } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { onPhone } from '../../test/viewport';
import { listOf, makeTeam, makeUser } from './test-data';

const admin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['super-admin'] });
const jordan = makeUser({
  id: 10,
  name: 'Jordan Lee',
  teams: [{ id: 5, name: 'Engineering', color: '#1677FF' }],
  invitation_pending: true,
});
const maya = makeUser({
  id: 11,
  name: 'Maya Patel',
  first_name: 'Maya',
  last_name: 'Patel',
  email: 'maya@demo.test',
  roles: ['wallet-admin'],
});

// antd renders slowly in jsdom, above all when every test file runs at once.
// Role queries skip the (slow) computed-style visibility check; assertions check visibility where it matters.
configure({ asyncUtilTimeout: 15_000, defaultHidden: true });

/** Lazy pages take a moment to load in jsdom. */
const LOAD = { timeout: 15_000 };
/** Tests that fill a whole form need more than the default 20 s when every test file runs at once. */
const SLOW = 60_000;

function fill(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

function teamsApi(extra = {}) {
  return installFakeApi({
    ...signedIn(admin),
    ...csrfCookieRoute,
    'GET /api/users': listOf([jordan, maya]),
    'GET /api/teams': listOf([makeTeam({ members_count: 1, approved_request_amount: 123456 })]),
    ...extra,
  });
}

// Load the lazily loaded page modules once, outside each test's time (jsdom + antd is slow on a busy machine).
beforeAll(async () => {
  await Promise.all([
    import('./TeamsPage'),
    import('./users/UsersTab'),
    import('./users/AddUserDrawer'),
    import('./teams-list/TeamsTab'),
    import('./teams-list/CreateTeamDrawer'),
  ]);
}, 120_000);

describe('/teams', { timeout: SLOW }, () => {
  it('opens on the Teams tab with Create New Team, and the teams table', async () => {
    teamsApi();
    renderApp('/teams');
    expect(await findButton('Create New Team')).toBeVisible();
    expect(screen.queryByText('Invite New User')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-tabs-tab-active')).toHaveTextContent('Teams');
    expect(await screen.findByText('$1,234.56')).toBeVisible();
    expect(screen.getByText('View Details').closest('a')).toHaveAttribute('href', '/teams/5');
  });

  it('reads Invite New User on ?tab=users and lists the users with role and status', async () => {
    const api = teamsApi();
    renderApp('/teams?tab=users');
    expect(await findButton('Invite New User')).toBeVisible();
    expect(screen.queryByText('Create New Team')).not.toBeInTheDocument();
    const row = (await screen.findByText('Jordan Lee')).closest('tr')!;
    expect(within(row).getByText('Member')).toBeVisible();
    expect(within(row).getByText('Invitation pending')).toBeVisible();
    expect(within(row).getByText('Engineering')).toBeVisible();
    const mayaRow = screen.getByText('Maya Patel').closest('tr')!;
    expect(within(mayaRow).getByText('Admin')).toBeVisible();
    expect(within(mayaRow).getByText('Wallet Admin')).toBeVisible();
    const usersCall = api.fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/users'));
    expect(decodeURIComponent(usersCall!)).toContain('filter[wallet]=true');
    expect(decodeURIComponent(usersCall!)).toContain('page[size]=10');
  });

  it('switches the button when the tab changes', async () => {
    teamsApi();
    renderApp('/teams');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(await screen.findByText('All Users', {}, LOAD));
    expect(await findButton('Invite New User')).toBeVisible();
  });

  it('validates the Add User drawer with the PRODUCT.md §5 rules', async () => {
    const api = teamsApi();
    renderApp('/teams?tab=users&action=addUser');
    const drawer = await findDrawer('Add User');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(getButton('Add User', drawer));
    expect(await within(drawer).findByText('The first name field is required.')).toBeVisible();
    expect(within(drawer).getByText('The last name field is required.')).toBeVisible();
    expect(within(drawer).getByText('The email field is required.')).toBeVisible();
    expect(within(drawer).getByText('Choose a role: Wallet Admin, Wallet Finance or Wallet User.')).toBeVisible();

    fill(within(drawer).getByLabelText('Email'), 'not-an-email');
    expect(await within(drawer).findByText('The email must be a valid email address.')).toBeVisible();
    expect(api.calls.some((call) => call.method === 'POST' && call.path === '/api/users')).toBe(false);
  });

  it('adds a user with a role, says so and closes the drawer', async () => {
    const api = teamsApi({ 'POST /api/users': { status: 201, body: { data: makeUser({ id: 12 }) } } });
    renderApp('/teams?tab=users&action=addUser');
    const drawer = await findDrawer('Add User');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    fill(within(drawer).getByLabelText('First Name'), 'Nina');
    fill(within(drawer).getByLabelText('Last Name'), 'Novak');
    fill(within(drawer).getByLabelText('Email'), 'nina@demo.test');
    await user.click(within(drawer).getByLabelText('Role'));
    await user.click(await screen.findByTitle('Wallet Finance'));
    await user.click(getButton('Add User', drawer));

    expect(await screen.findByText(USER_MESSAGES.added)).toBeVisible();
    const post = api.calls.find((call) => call.method === 'POST' && call.path === '/api/users');
    expect(post?.body).toEqual({
      first_name: 'Nina',
      last_name: 'Novak',
      email: 'nina@demo.test',
      cell_phone: null,
      address: null,
      address2: null,
      city: null,
      state_province: null,
      postal: null,
      role: 'wallet-finance',
    });
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    expect(screen.getByTestId('current-path')).toHaveTextContent('/teams');
  });

  it("opens a user's profile by clicking the row or pressing Enter on it", async () => {
    teamsApi({ 'GET /api/users/11': { status: 200, body: { data: maya } } });
    renderApp('/teams?tab=users');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(await screen.findByText('maya@demo.test', {}, LOAD));
    const drawer = await findDrawer('User Profile');
    expect(await within(drawer).findByText('Maya Patel')).toBeInTheDocument();
    await user.click(within(drawer).getByLabelText('Close'));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());

    const row = screen.getByText('maya@demo.test').closest('tr')!;
    row.focus();
    await user.keyboard('{Enter}');
    expect(await findDrawer('User Profile')).toBeInTheDocument();
  });

  it('shows the user just added first in the list, marked New, and its notice opens the profile', async () => {
    const nina = makeUser({
      id: 12,
      name: 'Nina Novak',
      first_name: 'Nina',
      last_name: 'Novak',
      email: 'nina@demo.test',
      roles: ['wallet-finance'],
    });
    teamsApi({
      'POST /api/users': { status: 201, body: { data: nina } },
      'GET /api/users/12': { status: 200, body: { data: nina } },
    });
    renderApp('/teams?tab=users&action=addUser');
    const drawer = await findDrawer('Add User');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    fill(within(drawer).getByLabelText('First Name'), 'Nina');
    fill(within(drawer).getByLabelText('Last Name'), 'Novak');
    fill(within(drawer).getByLabelText('Email'), 'nina@demo.test');
    await user.click(within(drawer).getByLabelText('Role'));
    await user.click(await screen.findByTitle('Wallet Finance'));
    await user.click(getButton('Add User', drawer));

    const notice = (await screen.findByText(USER_MESSAGES.added)).closest('.ant-notification-notice')! as HTMLElement;
    const firstRow = await waitFor(() => {
      const row = document.querySelector('tbody tr.ant-table-row')!;
      expect(row).toHaveTextContent('Nina Novak');
      return row as HTMLElement;
    });
    expect(within(firstRow).getByText('New')).toBeVisible();
    await user.click(within(notice).getByText('View Profile'));
    const profile = await findDrawer('User Profile');
    expect(await within(profile).findByText('nina@demo.test')).toBeInTheDocument();
  });

  describe('on a phone', () => {
    onPhone();

    it('lists each user as one item with email, role, teams and status', async () => {
      teamsApi();
      renderApp('/teams?tab=users');
      const item = (await screen.findByText('Jordan Lee', {}, LOAD)).closest('tr')!;
      expect(item.querySelectorAll('td')).toHaveLength(1);
      const field = (label: string) => within(item).getByText(label, { selector: 'dt' }).nextElementSibling;
      expect(within(item).getByText('jordan@demo.test')).toBeInTheDocument();
      expect(field('Role')).toHaveTextContent('Member');
      expect(field('Teams')).toHaveTextContent('Engineering');
      expect(field('Status')).toHaveTextContent('Invitation pending');
    });
  });

  it("shows the server's 422 message on the email field", async () => {
    teamsApi({
      'POST /api/users': {
        status: 422,
        body: { message: MESSAGES.invalidData, errors: { email: [USER_MESSAGES.emailTaken] } },
      },
    });
    renderApp('/teams?tab=users&action=addUser');
    const drawer = await findDrawer('Add User');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    fill(within(drawer).getByLabelText('First Name'), 'Nina');
    fill(within(drawer).getByLabelText('Last Name'), 'Novak');
    fill(within(drawer).getByLabelText('Email'), 'taken@demo.test');
    await user.click(within(drawer).getByLabelText('Role'));
    await user.click(await screen.findByTitle('Wallet User'));
    await user.click(getButton('Add User', drawer));
    await waitFor(() => expect(within(drawer).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect((await within(drawer).findAllByText(USER_MESSAGES.emailTaken)).length).toBeGreaterThan(0);
  });

  it('picks a team colour from the palette by click and by keyboard, and creates the team with it', async () => {
    const api = teamsApi({ 'POST /api/teams': { status: 201, body: { data: makeTeam({ id: 9, name: 'Youth' }) } } });
    renderApp('/teams');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(await findButton('Create New Team'));
    const drawer = await findDrawer('Create New Team');
    const palette = within(drawer).getByRole('radiogroup');
    const swatches = within(palette).getAllByRole('radio');
    expect(swatches).toHaveLength(12);
    expect(swatches[0]).toHaveAttribute('aria-checked', 'true');

    await user.click(within(palette).getByLabelText('Purple'));
    expect(within(palette).getByLabelText('Purple')).toHaveAttribute('aria-checked', 'true');
    expect(swatches[0]).toHaveAttribute('aria-checked', 'false');
    await user.keyboard('{ArrowRight}');
    const indigo = within(palette).getByLabelText('Indigo');
    expect(indigo).toHaveAttribute('aria-checked', 'true');
    expect(indigo).toHaveFocus();

    fill(within(drawer).getByLabelText('Team Name'), 'Youth');
    await user.click(getButton('Create Team', drawer));
    await waitFor(() =>
      expect(api.calls.some((call) => call.method === 'POST' && call.path === '/api/teams')).toBe(true),
    );
    expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/teams')?.body).toEqual({
      name: 'Youth',
      color: '#2F54EB',
      team: { users: [] },
      approval_path: [],
    });
  });

  it('shows the team just created first in the list, marked New, and its notice goes to the team', async () => {
    teamsApi({ 'POST /api/teams': { status: 201, body: { data: makeTeam({ id: 9, name: 'Youth' }) } } });
    renderApp('/teams');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(await findButton('Create New Team'));
    const drawer = await findDrawer('Create New Team');
    fill(within(drawer).getByLabelText('Team Name'), 'Youth');
    await user.click(getButton('Create Team', drawer));

    const notice = (await screen.findByText('Team Created')).closest('.ant-notification-notice')! as HTMLElement;
    await waitFor(() => expect(document.querySelector('tbody tr.ant-table-row')).toHaveTextContent(/^Youth\s*New/));
    await user.click(within(notice).getByText('View Team'));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/teams/9'));
  });

  it('asks for a team name', async () => {
    teamsApi();
    renderApp('/teams');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(await findButton('Create New Team'));
    const drawer = await findDrawer('Create New Team');
    await user.click(getButton('Create Team', drawer));
    expect(await within(drawer).findByText('Please enter the team name')).toBeVisible();
  });
});
