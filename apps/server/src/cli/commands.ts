import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ROLES, MIN_PASSWORD_LENGTH } from '@wallet/contract';
import type { Db } from '../db/database.js';
import { migrateToLatest } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { orgNameSchema, orgSlugSchema } from '../modules/orgs/service.js';
import { createOrganization, findOrganizationBySlug } from '../modules/orgs/service.js';
import { createUser } from '../modules/users/service.js';

/** Operator commands (npm run cli -- <command>); each validates everything before writing anything. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const email = z
  .string()
  .trim()
  .max(255, 'may not be greater than 255 characters')
  .pipe(z.email('must be a valid email address'));
const password = z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`);
const personName = z.string().trim().min(1, 'is required').max(255, 'may not be greater than 255 characters');

const orgCreateSchema = z.object({
  slug: orgSlugSchema,
  name: orgNameSchema,
  'admin-email': email,
  'admin-password': password,
  'admin-first-name': personName.default('Admin'),
  'admin-last-name': personName.default('User'),
});

const userCreateSchema = z.object({
  org: orgSlugSchema,
  email,
  'first-name': personName,
  'last-name': personName,
  role: z.enum(ROLES, `must be one of ${ROLES.join(', ')}`),
  password,
});

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  org:create  --slug <slug> --name <name> --admin-email <email> --admin-password <password>
              [--admin-first-name <name>] [--admin-last-name <name>]
  user:create --org <slug> --email <email> --first-name <name> --last-name <name>
              --role <${ROLES.join('|')}> --password <password>
  migrate     apply pending database migrations`;

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
      `--${issue.path.join('.')}: ${issue.path.length && issue.code === 'invalid_type' ? 'is required' : issue.message}`,
  );
}

/** Runs one command; returns the process exit code. */
export async function runCommand(db: Db, argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'migrate': {
        const applied = await migrateToLatest(db);
        io.out(applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to migrate.');
        return 0;
      }
      case 'org:create': {
        const parsed = orgCreateSchema.safeParse(optionsOf(rest, Object.keys(orgCreateSchema.shape)));
        if (!parsed.success) return fail(io, describeIssues(parsed.error));
        const input = parsed.data;
        await migrateToLatest(db);
        const { organization, admin } = await createOrganization(db, {
          slug: input.slug,
          name: input.name,
          admin: {
            email: input['admin-email'],
            password: input['admin-password'],
            first_name: input['admin-first-name'],
            last_name: input['admin-last-name'],
          },
        });
        io.out(`Created organisation '${organization.slug}' (${organization.name}) with super-admin ${admin.email}.`);
        return 0;
      }
      case 'user:create': {
        const parsed = userCreateSchema.safeParse(optionsOf(rest, Object.keys(userCreateSchema.shape)));
        if (!parsed.success) return fail(io, describeIssues(parsed.error));
        const input = parsed.data;
        await migrateToLatest(db);
        const org = await findOrganizationBySlug(db, input.org);
        if (!org) return fail(io, [`--org: no organisation with the slug '${input.org}'.`]);
        const user = await createUser(db, org.id, {
          email: input.email,
          first_name: input['first-name'],
          last_name: input['last-name'],
          role: input.role,
          password: input.password,
        });
        io.out(`Created ${user.roles.join(', ')} ${user.email} in '${org.slug}'.`);
        return 0;
      }
      case undefined:
      case 'help':
      case '--help':
        io.out(USAGE);
        return command === undefined ? 1 : 0;
      default:
        return fail(io, [`Unknown command '${command}'.`, '', USAGE]);
    }
  } catch (error) {
    if (error instanceof HttpError) {
      const details = error.errors
        ? Object.entries(error.errors).map(([field, messages]) => `--${field}: ${messages.join(' ')}`)
        : [error.message];
      return fail(io, details);
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
      return fail(io, [error.message, '', USAGE]);
    throw error;
  }
}

function fail(io: CliIo, lines: string[]): number {
  for (const line of lines) io.err(line);
  return 1;
}
