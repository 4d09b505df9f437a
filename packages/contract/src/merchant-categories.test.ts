import { describe, expect, it } from 'vitest';
import { MERCHANT_CATEGORY_NAMES, merchantCategoryName } from './merchant-categories.js';

describe('merchantCategoryName', () => {
  it("names every category of the card issuer's list readably", () => {
    expect(Object.keys(MERCHANT_CATEGORY_NAMES)).toHaveLength(295);
    expect(merchantCategoryName('hotels_motels_and_resorts')).toBe('Hotels Motels and Resorts');
    expect(merchantCategoryName('womens_ready_to_wear_stores')).toBe("Women's Ready to Wear Stores");
    for (const name of Object.values(MERCHANT_CATEGORY_NAMES)) expect(name).not.toMatch(/_/);
  });

  it('names a key the list does not have yet from its words, and nothing for no category', () => {
    expect(merchantCategoryName('new_kind_of_shop')).toBe('New Kind of Shop');
    expect(merchantCategoryName(null)).toBeNull();
    expect(merchantCategoryName('')).toBeNull();
  });
});
