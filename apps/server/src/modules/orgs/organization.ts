/**
 * The organisation as every request carries it (http/tenancy.ts). In a file of its own, without imports, so the
 * modules the organisation's own service builds on (users) can name it without an import cycle.
 */
export interface Organization {
  id: number;
  slug: string;
  name: string;
}
