import { sql, type RawBuilder } from 'kysely';
import { requestDisplayStatus, type PurchaseRequestResource, type RecurringResource } from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { cardBriefColumn, findCardsByIds, type CardBriefRow } from '../cards/service.js';
import {
  recurringOfRequestColumn,
  recurringOfRequests,
  type RecurringBriefRow,
  type RecurringRow,
} from '../recurring/service.js';
import { findTeamsByIds, teamBriefColumn, type TeamBriefRow } from '../teams/service.js';
import { avatarUrl, personBriefOf } from '../users/presenter.js';
import { findUsersByIds, fullName, personBriefColumn, type PersonBriefRow } from '../users/service.js';
import { categoriesByIds, categoryBriefColumn } from '../wallet-categories/service.js';
import { approvalsOf, type RequestRow } from './repo.js';

export type RequestInclude =
  'user' | 'card' | 'team' | 'walletCategory' | 'recurringPurchaseRequest' | 'approvals' | 'approvals.approver';

export function presentRecurring(
  row: Omit<RecurringRow, 'created_at' | 'org_id' | 'pause_reason'> & { created_at: Date | string },
  amount: number,
): Omit<RecurringResource, 'purchase_request'> {
  return {
    id: row.id,
    created_at: typeof row.created_at === 'string' ? row.created_at : row.created_at.toISOString(),
    start_date: row.start_date,
    end_date: row.end_date,
    last_run: row.last_run,
    next_run: row.next_run,
    interval: row.interval,
    status: row.status,
    is_paused: row.is_paused,
    paused_by: row.paused_by,
    amount,
  };
}

const userBrief = (user: {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  avatar_path: string | null;
  updated_at: Date;
}) => ({
  id: user.id,
  name: fullName(user),
  email: user.email,
  avatar_url: avatarUrl(user),
});

/** The includes a list reads in its own statement, as its other modules' brief columns (ISSUE 19.9). */
interface IncludedColumns {
  included_user?: PersonBriefRow | null;
  included_card?: CardBriefRow | null;
  included_team?: TeamBriefRow | null;
  included_category?: { id: number; name: string } | null;
  included_recurring?: RecurringBriefRow | null;
}

/**
 * The columns a request list selects beside each row for these includes: the requester, card, team, category and
 * recurring schedule, each a subquery of the module that owns it, so the page names them without a statement each.
 */
export function requestIncludeColumns(
  includes: ReadonlySet<string>,
): Record<keyof IncludedColumns, RawBuilder<unknown>> {
  const orgId = sql.ref<number>('purchase_requests.org_id');
  const columns: Partial<Record<keyof IncludedColumns, RawBuilder<unknown>>> = {};
  if (includes.has('user')) columns.included_user = personBriefColumn(orgId, sql.ref('purchase_requests.user_id'));
  if (includes.has('card')) columns.included_card = cardBriefColumn(orgId, sql.ref('purchase_requests.card_id'));
  if (includes.has('team')) columns.included_team = teamBriefColumn(orgId, sql.ref('purchase_requests.team_id'));
  if (includes.has('walletCategory'))
    columns.included_category = categoryBriefColumn(orgId, sql.ref('purchase_requests.wallet_category_id'));
  if (includes.has('recurringPurchaseRequest'))
    columns.included_recurring = recurringOfRequestColumn(orgId, sql.ref('purchase_requests.id'));
  return columns as Record<keyof IncludedColumns, RawBuilder<unknown>>;
}

/**
 * Requests with the includes asked for, loaded in a handful of queries for the whole page; rows listed with
 * requestIncludeColumns carry their requester, card and team already.
 */
export async function presentRequests(
  db: DbOrTx,
  orgId: number,
  rows: Array<RequestRow & IncludedColumns>,
  includes: Set<string>,
): Promise<PurchaseRequestResource[]> {
  const ids = rows.map((row) => row.id);
  const carries = (column: keyof IncludedColumns) => rows.length > 0 && rows.every((row) => column in row);
  const wantsApprovals = includes.has('approvals') || includes.has('approvals.approver');
  const approvals = wantsApprovals ? await approvalsOf(db, ids) : new Map();
  const userIds = new Set<number>();
  if (includes.has('user') && !carries('included_user')) rows.forEach((row) => userIds.add(row.user_id));
  if (includes.has('approvals.approver'))
    [...approvals.values()].flat().forEach((approval) => userIds.add(approval.approver_id));
  const [users, teams, categories, recurring, cards] = await Promise.all([
    findUsersByIds(db, orgId, [...userIds]),
    includes.has('team') && !carries('included_team')
      ? findTeamsByIds(db, orgId, [...new Set(rows.map((row) => row.team_id))])
      : [],
    includes.has('walletCategory') && !carries('included_category')
      ? categoriesByIds(db, orgId, [
          ...new Set(rows.flatMap((row) => (row.wallet_category_id ? [row.wallet_category_id] : []))),
        ])
      : [],
    includes.has('recurringPurchaseRequest') && !carries('included_recurring') ? recurringOfRequests(db, ids) : [],
    includes.has('card') && !carries('included_card')
      ? findCardsByIds(db, orgId, [...new Set(rows.map((row) => row.card_id))])
      : [],
  ]);
  const usersById = new Map(users.map((user) => [user.id, user]));
  const teamsById = new Map(teams.map((team) => [team.id, team]));
  const categoriesById = new Map(categories.map((category) => [category.id, category]));
  const recurringByRequest = new Map(recurring.map((row) => [row.purchase_request_id, row]));
  const cardsById = new Map(cards.map((card) => [card.id, card]));

  return rows.map((row) => {
    const loadedUser = usersById.get(row.user_id);
    const user =
      'included_user' in row
        ? row.included_user && personBriefOf(row.included_user)
        : loadedUser && userBrief(loadedUser);
    const team = 'included_team' in row ? row.included_team : teamsById.get(row.team_id);
    const card = 'included_card' in row ? row.included_card : cardsById.get(row.card_id);
    const category =
      'included_category' in row
        ? row.included_category
        : row.wallet_category_id
          ? categoriesById.get(row.wallet_category_id)
          : undefined;
    const recurringRow = 'included_recurring' in row ? row.included_recurring : recurringByRequest.get(row.id);
    return {
      id: row.id,
      submitted: row.submitted.toISOString(),
      transferred: row.transferred?.toISOString() ?? null,
      amount: row.amount,
      notes: row.notes,
      interval: row.interval,
      start_date: row.start_date,
      end_date: row.end_date,
      approved_path: row.approved_path,
      approved_accounting: row.approved_accounting,
      accounting_notes: row.accounting_notes,
      status: requestDisplayStatus(row),
      user_id: row.user_id,
      card_id: row.card_id,
      team_id: row.team_id,
      wallet_category_id: row.wallet_category_id,
      ...(includes.has('user') && user && { user }),
      ...(includes.has('card') &&
        card && {
          card: {
            id: card.id,
            brand: card.brand,
            exp_month: card.exp_month,
            exp_year: card.exp_year,
            last4: card.last4,
            status: card.status,
            nickname: card.nickname,
          },
        }),
      ...(includes.has('team') && team && { team: { id: team.id, name: team.name, color: team.color } }),
      ...(includes.has('walletCategory') && {
        wallet_category: category ? { id: category.id, name: category.name } : null,
      }),
      ...(includes.has('recurringPurchaseRequest') && {
        recurring_purchase_request: recurringRow ? presentRecurring(recurringRow, row.amount) : null,
      }),
      ...(wantsApprovals && {
        approvals: (approvals.get(row.id) ?? []).map(
          (approval: {
            id: number;
            approver_id: number;
            approved: 'pending' | 'approved' | 'rejected';
            notes: string | null;
            position: number;
            decided_at: Date | null;
          }) => {
            const approver = usersById.get(approval.approver_id);
            return {
              id: approval.id,
              approver_id: approval.approver_id,
              approved: approval.approved,
              notes: approval.notes,
              position: approval.position,
              decided_at: approval.decided_at?.toISOString() ?? null,
              ...(includes.has('approvals.approver') && approver && { approver: userBrief(approver) }),
            };
          },
        ),
      }),
    };
  });
}
