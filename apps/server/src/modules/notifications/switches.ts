import {
  NOTIFICATION_CENTRE_KINDS,
  NOTIFICATION_SWITCH_DEFAULTS,
  type NotificationCentreKind,
  type NotificationSwitch,
  type NotificationSwitches,
  type NotificationSwitchesUpdate,
} from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import * as repo from './repo.js';

/** One person's switches of every kind: what they changed over the defaults. */
export async function switchesOfPerson(db: DbOrTx, orgId: number, userId: number): Promise<NotificationSwitches> {
  const rows = await repo.switchesOf(db, orgId, [userId]);
  const switches = structuredClone(NOTIFICATION_SWITCH_DEFAULTS);
  for (const row of rows) switches[row.kind as NotificationCentreKind] = { in_app: row.in_app, mail: row.mail };
  return switches;
}

/** Each person's switch of each kind asked for, as a lookup; defaults where they changed nothing. */
export async function switchLookup(
  db: DbOrTx,
  orgId: number,
  wanted: ReadonlyArray<{ userId: number; kind: NotificationCentreKind }>,
): Promise<(userId: number, kind: NotificationCentreKind) => NotificationSwitch> {
  const rows = await repo.switchesOf(
    db,
    orgId,
    wanted.map((each) => each.userId),
    wanted.map((each) => each.kind),
  );
  const changed = new Map(rows.map((row) => [`${row.user_id}:${row.kind}`, row]));
  return (userId, kind) => changed.get(`${userId}:${kind}`) ?? NOTIFICATION_SWITCH_DEFAULTS[kind];
}

/**
 * Applies an update (only the kinds and channels named change; a bare boolean is the mail switch, as the mail
 * preferences were) and answers every kind's switches.
 */
export async function updateSwitches(
  db: DbOrTx,
  orgId: number,
  userId: number,
  update: NotificationSwitchesUpdate,
): Promise<NotificationSwitches> {
  const current = await switchesOfPerson(db, orgId, userId);
  const changed: Array<{ kind: NotificationCentreKind } & NotificationSwitch> = [];
  for (const kind of NOTIFICATION_CENTRE_KINDS) {
    const value = update[kind];
    if (value === undefined) continue;
    const next = typeof value === 'boolean' ? { ...current[kind], mail: value } : { ...current[kind], ...value };
    current[kind] = next;
    changed.push({ kind, ...next });
  }
  await repo.upsertSwitches(db, orgId, userId, changed);
  return current;
}
