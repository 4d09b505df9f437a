import { z } from 'zod';
import { TEAM_COLORS } from './constants.js';
import { idSchema } from './fields.js';

export const TEAM_MESSAGES = {
  nameRequired: 'Please enter the team name',
  nameTaken: 'A team with this name already exists.',
  colorInvalid: 'Choose one of the palette colours.',
  updated: 'Update Successful',
  removeMemberConfirm: 'Are you sure you want to remove this member?',
  approverNotEligible: 'Approvers must be people of this organisation with a wallet role.',
  approverDuplicate: 'Each approver may appear only once in the approval path.',
  memberNotEligible: 'Members must be people of this organisation with a wallet role.',
} as const;

const userIds = (message: string) => z.array(idSchema, { error: message }).max(500, 'Too many users.');

/** PRODUCT.md §5 new team: name required; colour from the palette of 12; members and approval path optional. */
export const newTeamSchema = z.object({
  name: z
    .string({ error: TEAM_MESSAGES.nameRequired })
    .trim()
    .min(1, TEAM_MESSAGES.nameRequired)
    .max(255, 'The team name may not be greater than 255 characters.'),
  color: z
    .string({ error: TEAM_MESSAGES.colorInvalid })
    .refine((value) => (TEAM_COLORS as readonly string[]).includes(value.toUpperCase()), TEAM_MESSAGES.colorInvalid),
  team: z.object({ users: userIds(TEAM_MESSAGES.memberNotEligible).default([]) }).default({ users: [] }),
  approval_path: userIds(TEAM_MESSAGES.approverNotEligible).default([]),
});
export type NewTeamInput = z.infer<typeof newTeamSchema>;

export const updateTeamSchema = z.object({
  name: newTeamSchema.shape.name.optional(),
  color: newTeamSchema.shape.color.optional(),
  approval_path: userIds(TEAM_MESSAGES.approverNotEligible).optional(),
});
export const teamUsersSchema = z.object({
  users: userIds(TEAM_MESSAGES.memberNotEligible).min(1, 'Choose at least one member.'),
});

export interface TeamResource {
  id: number;
  name: string;
  color: string;
  created_at: string;
  members_count?: number;
  active_cards_count?: number;
  approved_request_amount?: number;
  approval_path: number[];
  approval_path_users?: Array<{ id: number; name: string; email: string; avatar_url: string | null }>;
}
