import { createHash } from 'node:crypto';
import { LOGO_MAX_BYTES, ORG_MESSAGES, TEAM_COLORS } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { validationFailed } from '../../http/errors.js';
import { IMAGE_CONTENT_TYPES, detectImageType } from '../../http/image-type.js';
import {
  deleteOrganizationLogo,
  findOrganizationLogo,
  findOrganizationLogoStamp,
  upsertOrganizationLogo,
} from './repo.js';
import type { Organization } from './organization.js';

export interface LogoImage {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

/** Judged by its first bytes like avatars (PNG, JPEG or WebP; never SVG, which could carry script). */
export function checkLogo(bytes: Buffer | null, truncated: boolean): string {
  if (truncated) throw validationFailed({ logo: [ORG_MESSAGES.logoTooLarge] });
  if (!bytes) throw validationFailed({ logo: [ORG_MESSAGES.logoMissing] });
  if (bytes.length > LOGO_MAX_BYTES) throw validationFailed({ logo: [ORG_MESSAGES.logoTooLarge] });
  if (bytes.length === 0) throw validationFailed({ logo: [ORG_MESSAGES.logoEmpty] });
  const type = detectImageType(bytes);
  if (!type) throw validationFailed({ logo: [ORG_MESSAGES.logoInvalid] });
  return IMAGE_CONTENT_TYPES[type];
}

export function saveLogo(db: Db, orgId: number, bytes: Buffer, contentType: string) {
  return upsertOrganizationLogo(db, orgId, { bytes, content_type: contentType });
}

export async function removeLogo(db: Db, orgId: number): Promise<void> {
  if (!(await deleteOrganizationLogo(db, orgId))) throw validationFailed({ logo: [ORG_MESSAGES.logoNone] });
}

/** Whether the organisation uploaded a logo, and the address that shows it (versioned so a change shows at once). */
export async function logoInfo(db: Db, org: Organization) {
  const stamp = await findOrganizationLogoStamp(db, org.id);
  const version = stamp ? stamp.updated_at.getTime() : 0;
  return { custom: Boolean(stamp), url: `/api/logo/${org.slug}?v=${version}` };
}

export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  const letters = words.slice(0, 2).map((word) => [...word.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A square SVG with the organisation's initials on a colour of the team palette picked by its slug. */
export function initialsSvg(org: Pick<Organization, 'slug' | 'name'>): string {
  const digest = createHash('sha256').update(org.slug).digest();
  const color = TEAM_COLORS[digest[0]! % TEAM_COLORS.length];
  const initials = escapeXml(initialsOf(org.name));
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img">',
    `<title>${escapeXml(org.name)}</title>`,
    `<rect width="96" height="96" rx="20" fill="${color}"/>`,
    `<text x="48" y="50" dy=".35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="38" font-weight="600" fill="#fff">${initials}</text>`,
    '</svg>',
  ].join('');
}

/** The uploaded logo, or the initials image when there is none. Nothing is fetched from elsewhere. */
export async function readLogo(db: Db, org: Organization): Promise<LogoImage> {
  const logo = await findOrganizationLogo(db, org.id);
  if (logo) return { bytes: logo.bytes, contentType: logo.content_type, etag: `"logo-${logo.updated_at.getTime()}"` };
  const svg = Buffer.from(initialsSvg(org));
  return {
    bytes: svg,
    contentType: 'image/svg+xml',
    etag: `"initials-${createHash('sha256').update(svg).digest('hex').slice(0, 16)}"`,
  };
}
