import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely; each module reads and writes only its own tables. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OrganizationsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  org_id: number;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  cell_phone: string | null;
  address: string | null;
  address2: string | null;
  city: string | null;
  state_province: string | null;
  postal: string | null;
  avatar_path: string | null;
  stripe_cardholder_id: string | null;
  issuing_tos_accepted_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserRolesTable {
  org_id: number;
  user_id: number;
  role: string;
  created_at: CreatedAt;
}

export interface TeamsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  color: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface TeamMembersTable {
  org_id: number;
  team_id: number;
  user_id: number;
  created_at: CreatedAt;
}

export interface TeamApproversTable {
  org_id: number;
  team_id: number;
  user_id: number;
  position: number;
}

export interface SessionsTable {
  id: string;
  org_id: number;
  user_id: number;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_seen_at: Date;
}

export interface ThrottlesTable {
  key: string;
  hits: number;
  window_started_at: Date;
}

export interface InvitationsTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  token_hash: string;
  invited_by: number | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface MailMessagesTable {
  id: Generated<number>;
  org_id: number | null;
  kind: string;
  to_email: string;
  to_name: string | null;
  subject: string;
  html_body: string;
  text_body: string;
  status: ColumnType<'queued' | 'sent' | 'stored' | 'failed', 'queued' | 'sent' | 'stored' | 'failed' | undefined>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: CreatedAt;
  delivered_at: Date | null;
}

export interface NotificationPreferencesTable {
  org_id: number;
  user_id: number;
  approval_needed: boolean;
  request_decided: boolean;
  card_funded: boolean;
  updated_at: UpdatedAt;
}

export interface Database {
  organizations: OrganizationsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_approvers: TeamApproversTable;
  sessions: SessionsTable;
  throttles: ThrottlesTable;
  invitations: InvitationsTable;
  mail_messages: MailMessagesTable;
  notification_preferences: NotificationPreferencesTable;
}
