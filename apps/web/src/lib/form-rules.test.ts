import { describe, expect, it, vi } from 'vitest';
import { lazyZodRule } from './form-rules';

/** A schema accepting non-empty text, shaped as lazyZodRule reads a zod schema. */
const nonEmpty = {
  safeParse: (value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } } =>
    value ? { success: true } : { success: false, error: { issues: [{ message: 'Required.' }] } },
};

type Validator = (rule: unknown, value: unknown) => Promise<void>;

describe('lazyZodRule', () => {
  it("loads its schema on the first validation only, then validates with the kept one and shows the schema's message", async () => {
    const load = vi.fn(() => Promise.resolve(nonEmpty));
    const { validator } = lazyZodRule(load) as { validator: Validator };
    await expect(validator({}, 'ada@demo.test')).resolves.toBeUndefined();
    await expect(validator({}, '')).rejects.toThrow('Required.');
    await expect(validator({}, undefined)).rejects.toThrow('Required.');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
