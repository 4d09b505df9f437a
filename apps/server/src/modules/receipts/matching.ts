import { RECEIPT_CONFIDENT_MATCH, RECEIPT_MATCH_DAYS, type ReceiptMatch, type ReceiptOcr } from '@wallet/contract';
import type { ReceiptCandidate } from '../expenses/service.js';

const DAY = 86_400;

/** A name's trigrams as pg_trgm makes them: lower-case words, each padded with two spaces before and one after. */
function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)) {
    const padded = `  ${word} `;
    for (let index = 0; index + 3 <= padded.length; index++) grams.add(padded.slice(index, index + 3));
  }
  return grams;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of both (0 to 1). */
export function nameSimilarity(a: string | null, b: string | null): number {
  if (!a || !b) return 0;
  const [left, right] = [trigrams(a), trigrams(b)];
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const gram of left) if (right.has(gram)) shared++;
  return shared / (left.size + right.size - shared);
}

/** The window a receipt's transaction is looked for in: its day ±3 days, or the last 60 days when it had no date. */
export function candidateWindow(ocr: ReceiptOcr, now: Date): { from: number; to: number; around: number } {
  if (ocr.date) {
    const day = Date.parse(`${ocr.date}T12:00:00Z`) / 1000;
    return { from: day - (RECEIPT_MATCH_DAYS + 0.5) * DAY, to: day + (RECEIPT_MATCH_DAYS + 0.5) * DAY, around: day };
  }
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return { from: nowSeconds - 60 * DAY, to: nowSeconds, around: nowSeconds };
}

/**
 * How sure a candidate is (0-1): the amount is exact for every candidate (half the score), the nearer the day the
 * more (up to 0.2; none without a date), the more alike the merchant names the more (up to 0.3).
 */
export function confidenceOf(ocr: ReceiptOcr, candidate: ReceiptCandidate): number {
  let score = 0.5;
  if (ocr.date) {
    // Whole days between the receipt's day and the posting's (UTC): a purchase at 00:10 is the same day's.
    const postedDay = Math.floor(candidate.stripe_created / DAY);
    const days = Math.abs(postedDay - Date.parse(`${ocr.date}T00:00:00Z`) / 1000 / DAY);
    score += 0.2 * Math.max(0, 1 - days / (RECEIPT_MATCH_DAYS + 1));
  }
  score += 0.3 * Math.min(1, nameSimilarity(ocr.merchant, candidate.merchant) / 0.6);
  return Math.round(score * 100) / 100;
}

/**
 * The best candidate, and whether it is confident enough to attach itself: at or above RECEIPT_CONFIDENT_MATCH, and
 * clearly ahead of the next one (two purchases of the same amount the same day at the same shop stay a suggestion).
 */
export function bestMatch(
  ocr: ReceiptOcr,
  candidates: readonly ReceiptCandidate[],
): { match: ReceiptMatch; confident: boolean } | null {
  const scored = candidates
    .map((candidate) => ({ expense_id: candidate.id, confidence: confidenceOf(ocr, candidate) }))
    .sort((a, b) => b.confidence - a.confidence);
  const [best, next] = scored;
  if (!best) return null;
  const confident = best.confidence >= RECEIPT_CONFIDENT_MATCH && (!next || best.confidence - next.confidence >= 0.1);
  return { match: best, confident };
}
