import type { FastifyInstance } from 'fastify';
import { validationFailed } from './errors.js';

export const BAD_TEXT_MESSAGE = 'This field contains a character that is not allowed.';

/** U+0000, or half of a surrogate pair without the other half (text that isn't valid Unicode). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isBadText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The dotted path of the first string (or key) holding bad text, if any; iterative, so deep nesting is fine. */
export function findBadText(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (isBadText(current)) return path;
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (isBadText(key)) return childPath;
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL can't store U+0000 in text nor a lone surrogate in json (the statement fails: a 500, after whatever was
 * written before it), so a body, query or path parameter carrying either is a 422 on that field before any route runs.
 */
export function registerTextInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findBadText(part);
      if (field !== null) throw validationFailed({ [field || '_']: [BAD_TEXT_MESSAGE] });
    }
  });
}
