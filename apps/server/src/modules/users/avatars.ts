import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_MAX_BYTES, USER_MESSAGES } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { notFound, validationFailed } from '../../http/errors.js';
import { IMAGE_CONTENT_TYPES, detectImageType, type ImageType } from '../../http/image-type.js';
import { findUserById, setAvatarPath, type Actor, assertCanReach } from './service.js';

export function checkAvatar(bytes: Buffer | null, truncated: boolean): ImageType {
  if (truncated) throw validationFailed({ avatar: [USER_MESSAGES.avatarTooLarge] });
  if (!bytes) throw validationFailed({ avatar: [USER_MESSAGES.avatarMissing] });
  if (bytes.length > AVATAR_MAX_BYTES) throw validationFailed({ avatar: [USER_MESSAGES.avatarTooLarge] });
  if (bytes.length === 0) throw validationFailed({ avatar: [USER_MESSAGES.avatarEmpty] });
  const type = detectImageType(bytes);
  if (!type) throw validationFailed({ avatar: [USER_MESSAGES.avatarInvalid] });
  return type;
}

function avatarsDir(dataDir: string, orgId: number) {
  return path.join(dataDir, 'avatars', String(orgId));
}

/** Stores the new file, points the user at it, then removes the old file. */
export async function saveAvatar(
  db: Db,
  dataDir: string,
  orgId: number,
  actor: Actor,
  userId: number,
  bytes: Buffer,
  type: ImageType,
) {
  assertCanReach(actor, userId);
  const user = await findUserById(db, orgId, userId);
  if (!user) throw notFound();
  const dir = avatarsDir(dataDir, orgId);
  await fs.mkdir(dir, { recursive: true });
  const fileName = `${userId}-${randomBytes(8).toString('hex')}.${type}`;
  await fs.writeFile(path.join(dir, fileName), bytes);
  const updated = await setAvatarPath(db, orgId, userId, fileName);
  if (user.avatar_path) await fs.rm(path.join(dir, path.basename(user.avatar_path)), { force: true });
  return updated!;
}

export async function removeAvatar(db: Db, dataDir: string, orgId: number, actor: Actor, userId: number) {
  assertCanReach(actor, userId);
  const user = await findUserById(db, orgId, userId);
  if (!user) throw notFound();
  if (!user.avatar_path) throw validationFailed({ avatar: ['There is no avatar to remove.'] });
  await setAvatarPath(db, orgId, userId, null);
  await fs.rm(path.join(avatarsDir(dataDir, orgId), path.basename(user.avatar_path)), { force: true });
}

export async function readAvatar(
  db: Db,
  dataDir: string,
  orgId: number,
  userId: number,
): Promise<{ bytes: Buffer; contentType: string }> {
  const user = await findUserById(db, orgId, userId);
  if (!user?.avatar_path) throw notFound();
  const fileName = path.basename(user.avatar_path);
  const bytes = await fs.readFile(path.join(avatarsDir(dataDir, orgId), fileName)).catch(() => {
    throw notFound();
  });
  const type = detectImageType(bytes) ?? 'png';
  return { bytes, contentType: IMAGE_CONTENT_TYPES[type] };
}
