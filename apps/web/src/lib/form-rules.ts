import type { FormRule } from 'antd';

/** The part of a zod schema a form rule needs (kept structural so the web app needs no zod import). */
interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * An antd Form rule that validates a field with a contract zod schema and shows its first message.
 * An empty field is validated as `emptyValue` ('' for text; pass [] for a multi-select).
 */
export function zodRule(schema: SafeParser, emptyValue: unknown = ''): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? emptyValue);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}

/**
 * zodRule for a schema loaded on first use: validators are async anyway, so a form on the first screen (sign-in,
 * the password confirmation) keeps zod out of the JavaScript the app needs to appear.
 */
export function lazyZodRule(loadSchema: () => Promise<SafeParser>, emptyValue: unknown = ''): FormRule {
  // Kept once loaded: an import() of a loaded module still resolves a task later, behind whatever the page renders
  // meanwhile, and the sign-in's POST waited for it after Sign In (D10).
  let schema: SafeParser | undefined;
  return {
    validator: async (_rule, value: unknown) => {
      schema ??= await loadSchema();
      const result = schema.safeParse(value ?? emptyValue);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}
