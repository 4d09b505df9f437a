import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, USER_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { JPEG_BYTES, multipartFile, PNG_BYTES, setupOrg, WEBP_BYTES } from '../../test/helpers.js';

const ctx = useTestApp();

function upload(client: TestClient, userId: number, filename: string, contentType: string, bytes: Buffer) {
  const { payload, headers } = multipartFile('avatar', filename, contentType, bytes);
  return client.post(`/users/${userId}/avatar`, payload, headers);
}

async function storedFiles(orgId: number): Promise<string[]> {
  return fs.readdir(path.join(ctx.config.dataDir, 'avatars', String(orgId))).catch(() => []);
}

async function avatarPath(userId: number) {
  return (await ctx.db.selectFrom('users').select('avatar_path').where('id', '=', userId).executeTakeFirstOrThrow())
    .avatar_path;
}

describe('POST /users/{id}/avatar', () => {
  it('stores a PNG, JPEG or WebP by its content, serves it with its own URL and type, and replaces the old file', async () => {
    const org = await setupOrg(ctx);
    const cases = [
      { name: 'me.png', bytes: PNG_BYTES, type: 'image/png' },
      { name: 'photo.jpg', bytes: JPEG_BYTES, type: 'image/jpeg' },
      { name: 'x.webp', bytes: WEBP_BYTES, type: 'image/webp' },
    ];
    for (const { name, bytes, type } of cases) {
      const response = await upload(org.memberClient, org.member.id, name, 'application/octet-stream', bytes);
      expect(response.statusCode, name).toBe(200);
      const url = response.json().data.avatar_url as string;
      expect(url).toMatch(new RegExp(`^/users/${org.member.id}/avatar\\?v=\\d+$`));
      const served = await org.memberClient.get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(await storedFiles(org.organization.id)).toHaveLength(1);
    }
    const me = (await org.memberClient.get('/api/me')).json().data;
    expect(me.avatar_url).toMatch(new RegExp(`^/users/${org.member.id}/avatar`));
  });

  it('judges by content, not by name: a PNG named x.txt is accepted, a text file named x.png is refused', async () => {
    const org = await setupOrg(ctx);
    const accepted = await upload(org.memberClient, org.member.id, 'x.txt', 'text/plain', PNG_BYTES);
    expect(accepted.statusCode).toBe(200);
    expect((await org.memberClient.get(`/users/${org.member.id}/avatar`)).headers['content-type']).toBe('image/png');

    const other = await setupOrg(ctx);
    const refused = await upload(
      other.memberClient,
      other.member.id,
      'x.png',
      'image/png',
      Buffer.from('hello, I am not an image'),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ avatar: [USER_MESSAGES.avatarInvalid] });
    expect(await avatarPath(other.member.id)).toBeNull();
    expect(await storedFiles(other.organization.id)).toEqual([]);
  });

  it('refuses an empty file, a file over 2 MiB and a request without a file, storing nothing', async () => {
    const org = await setupOrg(ctx);
    const empty = await upload(org.memberClient, org.member.id, 'empty.png', 'image/png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ avatar: [USER_MESSAGES.avatarEmpty] });

    const huge = Buffer.concat([PNG_BYTES, Buffer.alloc(AVATAR_MAX_BYTES + 1 - PNG_BYTES.length, 0)]);
    const tooLarge = await upload(org.memberClient, org.member.id, 'big.png', 'image/png', huge);
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors).toEqual({ avatar: [USER_MESSAGES.avatarTooLarge] });

    const noFile = await org.memberClient.post(`/users/${org.member.id}/avatar`, {});
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors).toEqual({ avatar: [USER_MESSAGES.avatarMissing] });

    expect(await avatarPath(org.member.id)).toBeNull();
    expect(await storedFiles(org.organization.id)).toEqual([]);
  });

  it('answers 400 to a body that is not readable multipart, storing nothing', async () => {
    const org = await setupOrg(ctx);
    for (const contentType of ['multipart/form-data; boundary=xyz', 'multipart/form-data']) {
      const response = await org.memberClient.post(`/users/${org.member.id}/avatar`, Buffer.from('garbage'), {
        'content-type': contentType,
      });
      expect(response.statusCode, contentType).toBe(400);
      expect(response.json().message).toMatch(/upload could not be read/);
    }
    expect(await avatarPath(org.member.id)).toBeNull();
    expect(await storedFiles(org.organization.id)).toEqual([]);
  });

  it('accepts an image just under 2 MiB (larger than the JSON body limit)', async () => {
    const org = await setupOrg(ctx);
    const large = Buffer.concat([PNG_BYTES, Buffer.alloc(AVATAR_MAX_BYTES - PNG_BYTES.length, 0)]);
    const response = await upload(org.memberClient, org.member.id, 'large.png', 'image/png', large);
    expect(response.statusCode).toBe(200);
    expect((await org.memberClient.get(`/users/${org.member.id}/avatar`)).rawPayload.length).toBe(AVATAR_MAX_BYTES);
  });

  it("lets an admin set anyone's avatar; a member only their own (another id is 404); other organisations 404; signed out 401", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    expect((await upload(org.adminClient, org.member.id, 'a.png', 'image/png', PNG_BYTES)).statusCode).toBe(200);
    expect((await upload(org.memberClient, org.admin.id, 'a.png', 'image/png', PNG_BYTES)).statusCode).toBe(404);
    expect((await upload(org.adminClient, other.member.id, 'a.png', 'image/png', PNG_BYTES)).statusCode).toBe(404);
    expect((await upload(org.anonymous, org.member.id, 'a.png', 'image/png', PNG_BYTES)).statusCode).toBe(401);
    expect(await avatarPath(org.admin.id)).toBeNull();
    expect(await avatarPath(other.member.id)).toBeNull();
    expect(await storedFiles(other.organization.id)).toEqual([]);
    expect(await storedFiles(org.organization.id)).toHaveLength(1);
  });
});

describe('GET and DELETE /users/{id}/avatar', () => {
  it('removes the avatar and its file; the image is then 404', async () => {
    const org = await setupOrg(ctx);
    await upload(org.memberClient, org.member.id, 'a.png', 'image/png', PNG_BYTES);
    const removed = await org.memberClient.delete(`/users/${org.member.id}/avatar`);
    expect(removed.statusCode).toBe(204);
    expect((await org.memberClient.get(`/users/${org.member.id}/avatar`)).statusCode).toBe(404);
    expect(await avatarPath(org.member.id)).toBeNull();
    expect(await storedFiles(org.organization.id)).toEqual([]);
    expect((await org.memberClient.get('/api/me')).json().data.avatar_url).toBeNull();
  });

  it('answers 422 with a message when there is nothing to remove', async () => {
    const org = await setupOrg(ctx);
    const response = await org.memberClient.delete(`/users/${org.member.id}/avatar`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.avatar).toHaveLength(1);
  });

  it("lets a member remove only their own, admins anyone's, hides other organisations and needs a session", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    await upload(org.adminClient, org.admin.id, 'a.png', 'image/png', PNG_BYTES);
    await upload(other.memberClient, other.member.id, 'a.png', 'image/png', PNG_BYTES);
    expect((await org.memberClient.delete(`/users/${org.admin.id}/avatar`)).statusCode).toBe(404);
    expect((await org.adminClient.delete(`/users/${other.member.id}/avatar`)).statusCode).toBe(404);
    expect((await org.anonymous.delete(`/users/${org.admin.id}/avatar`)).statusCode).toBe(401);
    expect(await avatarPath(org.admin.id)).not.toBeNull();
    expect(await avatarPath(other.member.id)).not.toBeNull();
    // The image itself is for signed-in people of the same organisation.
    expect((await org.anonymous.get(`/users/${org.admin.id}/avatar`)).statusCode).toBe(401);
    expect((await org.adminClient.get(`/users/${other.member.id}/avatar`)).statusCode).toBe(404);
    expect((await org.memberClient.get(`/users/${org.admin.id}/avatar`)).statusCode).toBe(200);
    await upload(org.memberClient, org.member.id, 'a.png', 'image/png', PNG_BYTES);
    expect((await org.adminClient.delete(`/users/${org.member.id}/avatar`)).statusCode).toBe(204);
  });
});
