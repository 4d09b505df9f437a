import { todayIso, type NewRequestInput, type RequestInterval } from '@wallet/contract';
import type { Db } from '../db/database.js';
import type { Jobs } from '../jobs/queue.js';
import type { IssuingProvider } from '../issuing/provider.js';
import { listCards } from '../modules/cards/service.js';
import type { Organization } from '../modules/orgs/service.js';
import { createRequest, decideStep, forceDecision } from '../modules/purchase-requests/service.js';
import { approvalStepsOf, listRequests } from '../modules/purchase-requests/service.js';
import { listTeams } from '../modules/teams/service.js';
import { findUserByEmail, findUserWithRoles } from '../modules/users/service.js';
import { categoriesOf } from '../modules/wallet-categories/service.js';
import { addDays } from '../modules/recurring/service.js';

/** `by` names who normally holds the step; the step's current approver decides. */
type Decision = { by: string; status: 'approved' | 'rejected'; notes?: string };

interface DemoRequest {
  requester: string;
  team: 'Engineering' | 'Marketing';
  amount: number;
  notes: string;
  category: string;
  interval?: RequestInterval;
  /** Each approver's decision, in path order; stops where the chain stops. */
  decisions?: Decision[];
  forcedBy?: { admin: string; status: 'approved' | 'rejected' };
}

const REQUESTS: DemoRequest[] = [
  {
    requester: 'member@demo.test',
    team: 'Engineering',
    amount: 45_000,
    notes: 'AWS credits for the staging environment',
    category: 'Software',
  },
  {
    requester: 'member@demo.test',
    team: 'Engineering',
    amount: 120_000,
    notes: 'Flights for the Berlin team offsite',
    category: 'Travel',
    decisions: [{ by: 'manager@demo.test', status: 'approved', notes: 'Looks good to me' }],
  },
  {
    requester: 'sam@demo.test',
    team: 'Engineering',
    amount: 32_000,
    notes: 'Figma seats for the design sprint',
    category: 'Software',
    decisions: [
      { by: 'manager@demo.test', status: 'approved' },
      { by: 'finance@demo.test', status: 'approved', notes: 'Approved within budget' },
    ],
  },
  {
    requester: 'sam@demo.test',
    team: 'Engineering',
    amount: 250_000,
    notes: 'New laptop',
    category: 'Office',
    decisions: [{ by: 'manager@demo.test', status: 'rejected', notes: 'Please use the hardware budget instead' }],
  },
  {
    requester: 'priya@demo.test',
    team: 'Marketing',
    amount: 80_000,
    notes: 'LinkedIn campaign for the spring launch',
    category: 'Marketing',
    decisions: [{ by: 'finance@demo.test', status: 'approved' }],
  },
  {
    requester: 'member@demo.test',
    team: 'Engineering',
    amount: 9_900,
    notes: 'Zoom subscription',
    category: 'Software',
    interval: 'monthly',
    decisions: [
      { by: 'manager@demo.test', status: 'approved' },
      { by: 'finance@demo.test', status: 'approved' },
    ],
  },
  {
    requester: 'member@demo.test',
    team: 'Marketing',
    amount: 6_000,
    notes: 'Weekly team lunch',
    category: 'Meals',
    interval: 'weekly',
  },
  {
    requester: 'sam@demo.test',
    team: 'Engineering',
    amount: 15_000,
    notes: 'Conference ticket',
    category: 'Travel',
    forcedBy: { admin: 'admin@demo.test', status: 'approved' },
  },
  {
    requester: 'priya@demo.test',
    team: 'Marketing',
    amount: 18_000,
    notes: 'Printed flyers for the trade show',
    category: 'Marketing',
    decisions: [{ by: 'finance@demo.test', status: 'rejected', notes: "Over this quarter's print budget" }],
  },
];

/**
 * Pending, approved, rejected, forced and recurring requests across both teams, made and decided through the
 * same services the API uses (so their mails are in the outbox too). Skipped when requests exist.
 */
export async function seedDemoRequests(
  deps: { db: Db; jobs: Jobs; issuer: IssuingProvider },
  organization: Organization,
  origin: string,
): Promise<void> {
  const { db } = deps;
  if ((await listRequests(db, organization.id, {}, [], { number: 1, size: 1 })).total > 0) return;
  const context = { organization, origin };
  const categories = new Map((await categoriesOf(db, organization.id)).map((category) => [category.name, category.id]));
  const teams = new Map(
    (await listTeams(db, organization.id, {}, [], { number: 1, size: 50 })).rows.map((team) => [team.name, team.id]),
  );
  const { rows: cards } = await listCards(
    db,
    organization.id,
    {},
    [{ column: 'created_at', direction: 'asc' }],
    { number: 1, size: 50 },
    async () => [],
  );
  const user = async (email: string) =>
    (await findUserWithRoles(db, organization.id, (await findUserByEmail(db, organization.id, email))!.id))!;

  for (const spec of REQUESTS) {
    const requester = await user(spec.requester);
    const card = cards.find((candidate) => candidate.user_id === requester.id)!;
    const input: NewRequestInput = {
      amount: spec.amount,
      card_id: card.id,
      team_id: teams.get(spec.team)!,
      wallet_category_id: categories.get(spec.category) ?? null,
      notes: spec.notes,
      interval: spec.interval ?? null,
      start_date: spec.interval ? addDays(todayIso(), 5) : null,
      end_date: spec.interval ? addDays(todayIso(), 370) : null,
    };
    const request = await createRequest(deps, context, requester.id, input);
    const steps = (await approvalStepsOf(db, [request.id])).get(request.id) ?? [];
    for (const [index, decision] of (spec.decisions ?? []).entries()) {
      const step = steps[index];
      if (!step) break; // the path is shorter than the demo expects (someone changed it)
      // Whoever holds the step decides: the demo follows the team's current path.
      const approver = (await findUserWithRoles(db, organization.id, step.approver_id))!;
      await decideStep(deps, context, approver, {
        requestId: request.id,
        approvalId: step.id,
        status: decision.status,
        notes: decision.notes ?? null,
      });
    }
    if (spec.forcedBy)
      await forceDecision(deps, context, await user(spec.forcedBy.admin), request.id, spec.forcedBy.status);
  }
}
