/** Stand-in for the error service (PRODUCT.md §8 "reported"): one place to swap for a real reporter. */
export function reportError(error: unknown): void {
  console.error('[reported]', error);
}
