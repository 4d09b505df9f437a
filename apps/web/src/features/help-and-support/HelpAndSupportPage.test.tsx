import { configure, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { makeMe, signedIn } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 15_000 });

const admins = [
  { id: 1, name: 'Ada Admin', email: 'ada@demo.test', roles: ['super-admin'] },
  { id: 3, name: 'Finn Finance', email: 'finn@demo.test', roles: ['wallet-finance'] },
];

beforeAll(async () => {
  await import('./HelpAndSupportPage');
});

describe('/help-and-support', () => {
  it('gives a member the answers for members, the admins to write to, and the version', async () => {
    const member = makeMe({ roles: ['wallet-user'], organization: { id: 1, slug: 'demo', name: 'Demo Charity' } });
    installFakeApi({ ...signedIn(member), 'GET /api/organization/admins': { status: 200, body: { data: admins } } });
    renderApp('/help-and-support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
    for (const topic of ['Cards', 'Purchase requests', 'Approvals', 'Funding']) {
      expect(screen.getByRole('heading', { level: 2, name: topic })).toBeVisible();
    }
    expect(screen.getByText('Where are my cards?')).toBeVisible();
    expect(screen.getByText('How do I approve or reject a request?')).toBeVisible();
    expect(screen.queryByText('How do I issue a card?')).not.toBeInTheDocument();

    const contact = (await screen.findByText('Finn Finance')).closest<HTMLElement>('.ant-card')!;
    expect(within(contact).getByRole('link', { name: /finn@demo.test/ })).toHaveAttribute(
      'href',
      'mailto:finn@demo.test',
    );
    expect(within(contact).getByText('Ada Admin')).toBeVisible();
    const about = screen.getByText('About').closest<HTMLElement>('.ant-card')!;
    expect(within(about).getByText(__APP_VERSION__)).toBeVisible();
    expect(within(about).getByText('Demo Charity')).toBeVisible();
    expect(within(about).getByText('Wallet User')).toBeVisible();
  });

  it('gives an admin the answers for admins', async () => {
    installFakeApi({
      ...signedIn(makeMe({ roles: ['wallet-admin'] })),
      'GET /api/organization/admins': { status: 200, body: { data: admins } },
    });
    renderApp('/help-and-support');
    expect(await screen.findByText('How do I issue a card?')).toBeVisible();
    expect(screen.getByText('How do I fund a card?')).toBeVisible();
    expect(screen.queryByText('Where are my cards?')).not.toBeInTheDocument();
  });

  it('says so when there is no admin to contact', async () => {
    installFakeApi({ ...signedIn(makeMe()), 'GET /api/organization/admins': { status: 200, body: { data: [] } } });
    renderApp('/help-and-support');
    expect(await screen.findByText('Your organisation has no admins yet.')).toBeVisible();
  });
});
