import { parseArgs } from 'node:util';
import { z } from 'zod';
import { declineSentence, formatCents, MAX_AMOUNT_CENTS } from '@wallet/contract';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { orgSlugSchema } from '../modules/orgs/service.js';
import { findOrganizationBySlug } from '../modules/orgs/service.js';
import { findHold } from '../modules/authorizations/service.js';
import { MERCHANTS, randomMerchant, WALLETS } from '../modules/simulator/service.js';
import {
  simulateCapture,
  simulateIncrement,
  simulatePurchase,
  simulateRefund,
  simulateRelease,
} from '../modules/simulator/service.js';
import type { CliIo } from './commands.js';

/**
 * npm run simulate -- <command>: card purchases through the very same authorisation and transaction code the
 * simulator issuer's API and a real issuer's webhooks use (ARCHITECTURE.md D9). Development and test only.
 */
export const SIMULATE_USAGE = `Usage: npm run simulate -- <command> [options]

Commands:
  purchase  --card <id> --amount <cents> [--org <slug>] [--merchant <name>]
            [--wallet ${WALLETS.join('|')}] [--capture now|later|never]
  capture   --authorization <iauth_sim_...> [--amount <cents>] [--org <slug>]
  refund    --authorization <iauth_sim_...> --amount <cents> [--org <slug>]
  increment --authorization <iauth_sim_...> --amount <new total cents> [--org <slug>]
  reverse   --authorization <iauth_sim_...> [--org <slug>]
  expire    --authorization <iauth_sim_...> [--org <slug>]

Amounts are integer cents (1234 = $12.34). --org defaults to DEFAULT_ORG (demo).`;

const cents = z
  .string()
  .regex(/^\d+$/, 'must be a whole number of cents (1234 = $12.34)')
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1, 'must be at least 1 cent')
      .max(MAX_AMOUNT_CENTS, `may not be greater than ${MAX_AMOUNT_CENTS}`),
  );
const authorizationId = z
  .string()
  .regex(/^iauth_sim_[0-9a-f]{20}$/, 'must be a simulated authorisation id (iauth_sim_ followed by 20 hex digits)');

const purchaseSchema = z.object({
  org: orgSlugSchema.optional(),
  card: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'must be a card id')
    .transform(Number),
  amount: cents,
  merchant: z.string().trim().min(1, 'may not be empty').max(255, 'may not be greater than 255 characters').optional(),
  wallet: z.enum(WALLETS, `must be one of ${WALLETS.join(', ')}`).optional(),
  capture: z.enum(['now', 'later', 'never'], 'must be one of now, later, never').default('later'),
});
const authorizationSchema = z.object({ org: orgSlugSchema.optional(), authorization: authorizationId });
const optionalAmountSchema = authorizationSchema.extend({ amount: cents.optional() });
const amountSchema = authorizationSchema.extend({ amount: cents });

type Command = 'purchase' | 'capture' | 'refund' | 'increment' | 'reverse' | 'expire';
const SCHEMAS: Record<Command, z.ZodObject> = {
  purchase: purchaseSchema,
  capture: optionalAmountSchema,
  refund: amountSchema,
  increment: amountSchema,
  reverse: authorizationSchema,
  expire: authorizationSchema,
};

export interface SimulateOptions {
  /** The organisation when --org is not given (the server's DEFAULT_ORG). */
  defaultOrg: string;
  production: boolean;
}

function optionsOf(argv: string[], names: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
    strict: true,
    allowPositionals: false,
  });
  return values;
}

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map(
    (issue) =>
      `--${issue.path.join('.')}: ${issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message}`,
  );
}

/** The merchant by name from the simulator's list (with its category and place), or just the name given. */
function merchantNamed(name: string | undefined) {
  if (name === undefined) return randomMerchant();
  return MERCHANTS.find((merchant) => merchant.name?.toLowerCase() === name.toLowerCase()) ?? { name };
}

async function availableLine(db: Db, cardId: number): Promise<string> {
  const card = await db
    .selectFrom('cards')
    .select(['spending_limit', 'holds_amount'])
    .where('id', '=', cardId)
    .executeTakeFirstOrThrow();
  const limit = Number(card.spending_limit);
  const held = Number(card.holds_amount);
  return `Card ${cardId}: spending limit ${formatCents(limit)}, pending ${formatCents(held)}, available ${formatCents(limit - held)}.`;
}

/** Runs one command; returns the process exit code (a declined purchase is a result, not an error: 0). */
export async function runSimulate(db: Db, argv: string[], io: CliIo, options: SimulateOptions): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help') {
    (command === undefined ? io.err : io.out)(SIMULATE_USAGE);
    return command === undefined ? 1 : 0;
  }
  if (!(command in SCHEMAS)) return fail(io, [`Unknown command '${command}'.`, '', SIMULATE_USAGE]);
  if (options.production)
    return fail(io, ['Simulated purchases are for development and test only (NODE_ENV is production).']);
  const schema = SCHEMAS[command as Command];
  try {
    const parsed = schema.safeParse(optionsOf(rest, Object.keys(schema.shape)));
    if (!parsed.success) return fail(io, describeIssues(parsed.error));
    const input = parsed.data as { org?: string };
    const slug = input.org ?? options.defaultOrg;
    const org = await findOrganizationBySlug(db, slug);
    if (!org) return fail(io, [`--org: no organisation with the slug '${slug}'.`]);

    if (command === 'purchase') {
      const { card: cardId, amount, merchant, wallet, capture } = parsed.data as z.infer<typeof purchaseSchema>;
      const card = await db
        .selectFrom('cards')
        .selectAll()
        .where('org_id', '=', org.id)
        .where('id', '=', cardId)
        .executeTakeFirst();
      if (!card) return fail(io, [`--card: no card ${cardId} in '${org.slug}'.`]);
      const chosen = merchantNamed(merchant);
      const result = await simulatePurchase(db, card, { amount, merchant: chosen, wallet: wallet ?? null, capture });
      const what = `${formatCents(amount)} at ${chosen.name ?? 'a merchant'}${wallet ? ` (${wallet})` : ''} on card ${card.id} (${card.name}, ending ${card.last4})`;
      if (result.approved) {
        io.out(`Approved ${result.authorization_id}: ${what}.`);
        io.out(
          result.expense_id
            ? `Captured at once: expense ${result.expense_id}.`
            : capture === 'later'
              ? `Pending; capture it with: npm run simulate -- capture --org ${org.slug} --authorization ${result.authorization_id}`
              : 'Pending (left uncaptured).',
        );
      } else {
        io.out(`Declined ${result.authorization_id}: ${what}.`);
        io.out(`Reason: ${result.decline_reason} (${result.explanation})`);
      }
      io.out(await availableLine(db, card.id));
      return 0;
    }

    const { authorization, amount } = parsed.data as { authorization: string; amount?: number };
    const hold = await findHold(db, 'simulator', authorization);
    if (!hold || hold.org_id !== org.id)
      return fail(io, [`--authorization: no simulated authorisation ${authorization} in '${org.slug}'.`]);
    switch (command as Exclude<Command, 'purchase'>) {
      case 'capture': {
        const captured = amount ?? hold.amount;
        const expense = await simulateCapture(db, org.id, authorization, amount);
        io.out(
          `Captured ${formatCents(captured)} of ${authorization}${expense ? `: expense ${expense.id}` : ''}; the authorisation is closed.`,
        );
        break;
      }
      case 'refund': {
        const expense = await simulateRefund(db, org.id, authorization, amount!);
        io.out(`Refunded ${formatCents(amount!)} of ${authorization}${expense ? `: expense ${expense.id}` : ''}.`);
        break;
      }
      case 'increment': {
        const result = await simulateIncrement(db, org.id, authorization, amount!);
        const { last4 } = await db
          .selectFrom('cards')
          .select('last4')
          .where('id', '=', hold.card_id)
          .executeTakeFirstOrThrow();
        io.out(
          result.approved
            ? `Increment to ${formatCents(amount!)} approved for ${authorization}.`
            : `Increment to ${formatCents(amount!)} declined for ${authorization}: ${result.reason} (${result.reason ? declineSentence(result.reason, result.detail, { last4 }) : ''})`,
        );
        break;
      }
      case 'reverse':
      case 'expire': {
        const released = await simulateRelease(
          db,
          org.id,
          authorization,
          command === 'reverse' ? 'reversed' : 'expired',
        );
        io.out(
          `${authorization} ${released?.status ?? 'released'}: its hold of ${formatCents(hold.amount)} is released.`,
        );
        break;
      }
    }
    io.out(await availableLine(db, hold.card_id));
    return 0;
  } catch (error) {
    if (error instanceof HttpError) {
      const details = error.errors
        ? Object.entries(error.errors).map(([field, messages]) => `--${field}: ${messages.join(' ')}`)
        : [error.message];
      return fail(io, details);
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
      return fail(io, [error.message, '', SIMULATE_USAGE]);
    throw error;
  }
}

function fail(io: CliIo, lines: string[]): number {
  for (const line of lines) io.err(line);
  return 1;
}
