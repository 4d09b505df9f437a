import { describe, expect, it } from 'vitest';
import { MESSAGES, PASSWORD_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { TEST_PASSWORD } from '../../test/factories.js';
import { setupOrg } from '../../test/helpers.js';

const ctx = useTestApp();
const NEW_PASSWORD = 'fresh-password-1';

async function passwordHash(userId: number) {
  return (await ctx.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow())
    .password_hash;
}

const change = (overrides: Record<string, unknown> = {}) => ({
  current_password: TEST_PASSWORD,
  password: NEW_PASSWORD,
  password_confirmation: NEW_PASSWORD,
  ...overrides,
});

describe('PUT /user/password', () => {
  it("changes the password, keeps this session, ends the user's other sessions, and the new password signs in", async () => {
    const org = await setupOrg(ctx);
    const elsewhere = await ctx.client(org.host).signIn(org.member.email, TEST_PASSWORD);
    const response = await org.memberClient.put('/user/password', change());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: PASSWORD_MESSAGES.changed });
    expect((await org.memberClient.get('/api/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/me')).statusCode).toBe(401);
    // Other people's sessions are untouched.
    expect((await org.adminClient.get('/api/me')).statusCode).toBe(200);
    const old = await ctx.client(org.host).post('/login', { email: org.member.email, password: TEST_PASSWORD });
    expect(old.statusCode).toBe(422);
    await ctx.client(org.host).signIn(org.member.email, NEW_PASSWORD);
  });

  it('refuses a wrong current password with 422 on current_password and changes nothing', async () => {
    const org = await setupOrg(ctx);
    const elsewhere = await ctx.client(org.host).signIn(org.member.email, TEST_PASSWORD);
    const hash = await passwordHash(org.member.id);
    const response = await org.memberClient.put('/user/password', change({ current_password: 'not-my-password' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ current_password: [PASSWORD_MESSAGES.currentWrong] });
    expect(await passwordHash(org.member.id)).toBe(hash);
    expect((await elsewhere.get('/api/me')).statusCode).toBe(200);
  });

  it('applies the new-password rules with their messages; nothing changes', async () => {
    const org = await setupOrg(ctx);
    const hash = await passwordHash(org.member.id);
    const short = await org.memberClient.put(
      '/user/password',
      change({ password: 'abc', password_confirmation: 'abc' }),
    );
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: [PASSWORD_MESSAGES.tooWeak] });
    const mismatch = await org.memberClient.put('/user/password', change({ password_confirmation: 'different-one' }));
    expect(mismatch.json().errors).toEqual({ password_confirmation: [PASSWORD_MESSAGES.mismatch] });
    const empty = await org.memberClient.put('/user/password', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      current_password: [PASSWORD_MESSAGES.currentRequired],
      password: [PASSWORD_MESSAGES.tooWeak],
      password_confirmation: [PASSWORD_MESSAGES.confirmRequired],
    });
    expect(await passwordHash(org.member.id)).toBe(hash);
  });

  it('needs a session (401)', async () => {
    const org = await setupOrg(ctx);
    const response = await org.anonymous.put('/user/password', change());
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MESSAGES.unauthenticated);
  });

  it('throttles guessing the current password', async () => {
    const org = await setupOrg(ctx);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await org.memberClient.put('/user/password', change({ current_password: 'guess' }))).statusCode).toBe(
        422,
      );
    }
    expect((await org.memberClient.put('/user/password', change())).statusCode).toBe(429);
  });
});
