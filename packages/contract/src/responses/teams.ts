import { z } from 'zod';
import type { TeamResource } from '../teams.js';
import { dataOf, pageOf } from './common.js';
import { personSchema } from './users.js';

export const teamResourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  created_at: z.string(),
  members_count: z.number().int().optional(),
  active_cards_count: z.number().int().optional(),
  approved_request_amount: z.number().int().optional(),
  /** The approvers' user ids, in order. */
  approval_path: z.array(z.number().int()),
  approval_path_users: z.array(personSchema).optional(),
}) satisfies z.ZodType<TeamResource>;

export const teamsPageSchema = pageOf(teamResourceSchema);
export const teamItemSchema = dataOf(teamResourceSchema);
/** A team's members changed: how many it has now. */
export const teamMembersCountSchema = dataOf(z.object({ members_count: z.number().int() }));
