import { beforeAll, describe, expect, it } from 'vitest';
import { CARD_CONTROL_MESSAGES, CARD_SETTINGS_TEXTS, DEFAULT_CARD_SETTINGS } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { setupOrg } from '../../test/helpers.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import type { TestClient } from '../../test/client.js';
import { getCardSettings } from './service.js';

/** Issue 20 point 5: Account Settings → Card Settings, the organisation's defaults for new cards (admins only). */
const ctx = useTestApp();
let org: Awaited<ReturnType<typeof setupOrg>>;
let financeClient: TestClient;

const SETTINGS = {
  default_type: 'physical',
  default_shipping_service: 'express',
  default_spending_controls: {
    spending_limits: [{ amount: 50_000, interval: 'monthly' }],
    allowed_categories: [],
    blocked_categories: ['betting_casino_gambling'],
  },
  org_funds_low_threshold: 100_000,
  receipt_required_above: 7_500,
  receipt_reminder_days: 3,
  receipt_deactivate_days: 14,
  memo_required_above: 0,
} as const;

const auditEntries = async () =>
  (await org.adminClient.get('/api/audit-log?filter[action]=card_settings.updated')).json<{
    data: Array<{ action: string; subject_type: string; details: Record<string, unknown> }>;
  }>().data;

beforeAll(async () => {
  org = await setupOrg(ctx);
  const finance = await makeUser(ctx.db, org.organization.id, 'wallet-finance');
  financeClient = await ctx.client(org.host).signIn(finance.email, TEST_PASSWORD);
});

describe('GET /api/card-settings', () => {
  it('answers the defaults for an organisation that never saved them', async () => {
    const response = await org.adminClient.get('/api/card-settings');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: DEFAULT_CARD_SETTINGS });
    expect(await getCardSettings(ctx.db, org.organization.id)).toEqual(DEFAULT_CARD_SETTINGS);
  });

  it('is for admins: a member is 403, signed out 401', async () => {
    expect((await org.memberClient.get('/api/card-settings')).statusCode).toBe(403);
    expect((await org.anonymous.get('/api/card-settings')).statusCode).toBe(401);
  });
});

describe('PUT /api/card-settings', () => {
  it('saves the whole settings, answers them with the message, and records what changed in the audit log', async () => {
    const response = await org.adminClient.put('/api/card-settings', SETTINGS);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: SETTINGS, message: CARD_SETTINGS_TEXTS.saved });
    expect((await financeClient.get('/api/card-settings')).json()).toEqual({ data: SETTINGS });
    expect(await getCardSettings(ctx.db, org.organization.id)).toEqual(SETTINGS);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({ action: 'card_settings.updated', subject_type: 'card_settings' });
    expect(entry!.details).toMatchObject({
      default_type: { from: 'virtual', to: 'physical' },
      org_funds_low_threshold: { from: null, to: 100_000 },
      receipt_required_above: { from: null, to: 7_500 },
      receipt_deactivate_days: { from: null, to: 14 },
    });
  });

  it('saving the same settings again records nothing new', async () => {
    const before = (await auditEntries()).length;
    expect((await org.adminClient.put('/api/card-settings', SETTINGS)).statusCode).toBe(200);
    expect(await auditEntries()).toHaveLength(before);
  });

  it('fills what is left out with the defaults; an empty threshold switches the notification off', async () => {
    const response = await financeClient.put('/api/card-settings', { org_funds_low_threshold: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual(DEFAULT_CARD_SETTINGS);
    expect((await org.adminClient.put('/api/card-settings', SETTINGS)).statusCode).toBe(200);
  });

  it('refuses invalid fields with a 422 per field and writes nothing', async () => {
    const cases: Array<[object, string, string]> = [
      [{ ...SETTINGS, org_funds_low_threshold: 0 }, 'org_funds_low_threshold', CARD_SETTINGS_TEXTS.thresholdInvalid],
      [{ ...SETTINGS, org_funds_low_threshold: 1.5 }, 'org_funds_low_threshold', CARD_SETTINGS_TEXTS.thresholdInvalid],
      [{ ...SETTINGS, org_funds_low_threshold: '5' }, 'org_funds_low_threshold', CARD_SETTINGS_TEXTS.thresholdInvalid],
      [{ ...SETTINGS, receipt_required_above: -1 }, 'receipt_required_above', CARD_SETTINGS_TEXTS.amountInvalid],
      [{ ...SETTINGS, memo_required_above: 0.5 }, 'memo_required_above', CARD_SETTINGS_TEXTS.amountInvalid],
      [{ ...SETTINGS, receipt_reminder_days: 0 }, 'receipt_reminder_days', CARD_SETTINGS_TEXTS.daysInvalid],
      [{ ...SETTINGS, receipt_deactivate_days: 366 }, 'receipt_deactivate_days', CARD_SETTINGS_TEXTS.daysInvalid],
      [{ ...SETTINGS, receipt_reminder_days: 2.5 }, 'receipt_reminder_days', CARD_SETTINGS_TEXTS.daysInvalid],
      [
        {
          ...SETTINGS,
          default_spending_controls: {
            allowed_categories: ['airlines_air_carriers'],
            blocked_categories: ['bakeries'],
          },
        },
        'default_spending_controls.allowed_categories',
        CARD_CONTROL_MESSAGES.allowedAndBlocked,
      ],
      [
        { ...SETTINGS, default_spending_controls: { spending_limits: [{ amount: 0, interval: 'daily' }] } },
        'default_spending_controls.spending_limits.0.amount',
        CARD_CONTROL_MESSAGES.limitAmount,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await org.adminClient.put('/api/card-settings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(response.json())).toEqual([message]);
    }
    for (const body of [{ default_type: 'plastic' }, { default_shipping_service: 'by_pigeon' }]) {
      const response = await org.adminClient.put('/api/card-settings', body);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(Object.keys(body));
    }
    expect(await getCardSettings(ctx.db, org.organization.id)).toEqual(SETTINGS);
  });

  it('is for admins: a member is 403, signed out 401, and neither writes', async () => {
    expect((await org.memberClient.put('/api/card-settings', DEFAULT_CARD_SETTINGS)).statusCode).toBe(403);
    expect((await org.anonymous.put('/api/card-settings', DEFAULT_CARD_SETTINGS)).statusCode).toBe(401);
    expect(await getCardSettings(ctx.db, org.organization.id)).toEqual(SETTINGS);
  });

  it("another organisation's admin changes only their own organisation's settings", async () => {
    const other = await makeOrganization(ctx.db);
    const otherAdmin = await ctx.client(other.host).signIn(other.admin.email, TEST_PASSWORD);
    expect((await otherAdmin.get('/api/card-settings')).json()).toEqual({ data: DEFAULT_CARD_SETTINGS });
    expect((await otherAdmin.put('/api/card-settings', { default_type: 'physical' })).statusCode).toBe(200);
    expect(await getCardSettings(ctx.db, org.organization.id)).toEqual(SETTINGS);
    expect((await getCardSettings(ctx.db, other.organization.id)).default_type).toBe('physical');
  });
});
