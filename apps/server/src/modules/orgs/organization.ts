/**
 * The organisation as every request carries it (http/tenancy.ts). Other modules name it through orgs/service.ts with
 * `import type`, which leaves no import at run time: users, which orgs/service builds on, names it without a cycle.
 */
export interface Organization {
  id: number;
  slug: string;
  name: string;
}
