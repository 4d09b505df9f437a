import { z } from 'zod';

/** A period of a series (labelled by its first day) or a single total (date: the range's start, null for all time). */
export const analyticsPointSchema = z.object({ date: z.string().nullable(), amount: z.number() });

/** A top-five row: the user, card, category or team (id null for none) and cents; card rows name their holder. */
export const analyticsTopRowSchema = z.object({
  id: z.number().int().nullable(),
  label: z.string(),
  user_id: z.number().int().optional(),
  amount: z.number(),
});

/**
 * GET .../analytics: a gap-filled series (filter sum_over_days, max_over_months...), a single total (group_single) or
 * a top-five list (top_five_spender...), with the range it covers.
 */
export const analyticsAnswerSchema = z.object({
  data: z.array(z.union([analyticsPointSchema, analyticsTopRowSchema])),
  meta: z.object({ filter: z.string(), from: z.string().optional(), to: z.string().optional() }),
});
export type AnalyticsAnswer = z.infer<typeof analyticsAnswerSchema>;
