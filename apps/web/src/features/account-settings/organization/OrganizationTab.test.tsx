import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORG_MESSAGES } from '@wallet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { csrfCookieRoute, installFakeApi } from '../../../test/fake-api';
import { makeMe, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

configure({ asyncUtilTimeout: 15_000 });

const admin = makeMe({
  name: 'Alex Morgan',
  roles: ['wallet-admin'],
  organization: { id: 1, slug: 'demo', name: 'Demo Charity' },
});

beforeAll(async () => {
  await Promise.all([import('../AccountSettingsPage'), import('./OrganizationTab')]);
});

function fileInput(): HTMLInputElement {
  return document.querySelector<HTMLInputElement>('input[type="file"]')!;
}

function sidebarLogo(): HTMLImageElement {
  return document.querySelector<HTMLImageElement>('.ant-layout-sider img')!;
}

describe('Account Settings -> Organization', { timeout: 60_000 }, () => {
  it('lets an admin upload a logo, which the sidebar shows at once, and remove it again', async () => {
    let custom = false;
    const api = installFakeApi({
      ...signedIn(admin),
      ...csrfCookieRoute,
      'GET /api/organization/logo': () => ({ status: 200, body: { data: { custom, url: '/api/logo/demo?v=1' } } }),
      'POST /api/organization/logo': () => {
        custom = true;
        return { status: 200, body: { data: { custom, url: '/api/logo/demo?v=2' } } };
      },
      'DELETE /api/organization/logo': () => {
        custom = false;
        return { status: 204 };
      },
    });
    renderApp('/account-settings?tab=organization');
    expect(await screen.findByRole('heading', { name: 'Organisation logo' })).toBeVisible();
    const before = sidebarLogo().getAttribute('src');
    expect(before).toBe('/api/logo/localhost');

    const user = userEvent.setup();
    await screen.findByRole('button', { name: /Upload Logo/ });
    await user.upload(
      fileInput(),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(ORG_MESSAGES.logoUpdated)).toBeInTheDocument();
    const upload = api.calls.find((call) => call.method === 'POST' && call.path === '/api/organization/logo');
    expect((upload?.body as FormData).get('logo')).toBeInstanceOf(File);
    await waitFor(() => expect(sidebarLogo().getAttribute('src')).toMatch(/^\/api\/logo\/localhost\?v=\d+$/));

    await user.click(await screen.findByRole('button', { name: /Remove/ }));
    await user.click(await screen.findByRole('button', { name: 'Remove', hidden: false }));
    expect(await screen.findByText(ORG_MESSAGES.logoRemoved)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Upload Logo/ })).toBeVisible();
  });

  it('refuses a file that is not a PNG, JPEG or WebP before sending it', async () => {
    const api = installFakeApi({
      ...signedIn(admin),
      'GET /api/organization/logo': { status: 200, body: { data: { custom: false, url: '/api/logo/demo?v=0' } } },
    });
    renderApp('/account-settings?tab=organization');
    await screen.findByRole('button', { name: /Upload Logo/ });
    fireEvent.change(fileInput(), { target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(ORG_MESSAGES.logoInvalid);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('is not offered to members', async () => {
    installFakeApi(signedIn(makeMe({ roles: ['wallet-user'] })));
    renderApp('/account-settings?tab=organization');
    expect(await screen.findByRole('tab', { name: 'Personal Information', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Organization' })).not.toBeInTheDocument();
  });
});
