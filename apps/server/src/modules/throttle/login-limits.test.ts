import { describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS, MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { TEST_PASSWORD } from '../../test/factories.js';
import { setupOrg, uniqueEmail } from '../../test/helpers.js';

// Behind a trusted proxy (inject's peer, 127.0.0.1), so tests can come from several addresses (X-Forwarded-For).
const ctx = useTestApp({ TRUST_PROXY: '127.0.0.1' });
const { perAccount, perIp } = AUTH_RATE_LIMITS.login;

describe('POST /login limits per account and per IP', () => {
  it('refuses an account after too many failures from many addresses, even with the right password', async () => {
    const org = await setupOrg(ctx);
    const login = (password: string, ip: string) =>
      ctx.client(org.host).post('/login', { email: org.member.email, password }, { 'x-forwarded-for': ip });
    for (let i = 0; i < perAccount.max; i++)
      expect((await login('wrong-password', `10.3.${i}.1`)).statusCode).toBe(422);
    const refused = await login(TEST_PASSWORD, '10.3.250.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MESSAGES.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Other people of the organisation still sign in.
    expect(
      (
        await ctx
          .client(org.host)
          .post('/login', { email: org.admin.email, password: TEST_PASSWORD }, { 'x-forwarded-for': '10.3.250.1' })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses an address after too many failures across accounts, known or not', async () => {
    const org = await setupOrg(ctx);
    const ip = '10.4.0.1';
    for (let i = 0; i < perIp.max; i++) {
      const response = await ctx
        .client(org.host)
        .post('/login', { email: uniqueEmail('spray'), password: 'guess' }, { 'x-forwarded-for': ip });
      expect(response.statusCode).toBe(422);
    }
    const refused = await ctx
      .client(org.host)
      .post('/login', { email: org.member.email, password: TEST_PASSWORD }, { 'x-forwarded-for': ip });
    expect(refused.statusCode).toBe(429);
    expect(
      (
        await ctx
          .client(org.host)
          .post('/login', { email: org.member.email, password: TEST_PASSWORD }, { 'x-forwarded-for': '10.4.0.2' })
      ).statusCode,
    ).toBe(200);
  });

  it('checks at most the per-account limit of a burst from many addresses; the right password after it is refused', async () => {
    const org = await setupOrg(ctx);
    const login = (password: string, ip: string) =>
      ctx.client(org.host).post('/login', { email: org.member.email, password }, { 'x-forwarded-for': ip });
    const burst = 2 * perAccount.max;
    const responses = await Promise.all([
      ...Array.from({ length: burst }, (_, i) => login('wrong-password', `10.5.${i}.1`)),
      login(TEST_PASSWORD, '10.5.250.1'),
    ]);
    const right = responses.pop()!;
    const checked = responses.filter((response) => response.statusCode !== 429);
    expect(checked.every((response) => response.statusCode === 422)).toBe(true);
    expect(checked.length).toBeLessThanOrEqual(perAccount.max);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message: MESSAGES.tooManyAttempts });
  });
});
