import { describe, expect, it } from 'vitest';
import { US_STATES } from './states.js';

describe('US_STATES', () => {
  it('lists the 50 states and DC once each, Wyoming under WY', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((state) => state.value)).size).toBe(51);
    expect(US_STATES.every((state) => /^[A-Z]{2}$/.test(state.value))).toBe(true);
    expect(US_STATES.find((state) => state.label === 'Wyoming')?.value).toBe('WY');
    expect(US_STATES.find((state) => state.value === 'DC')?.label).toBe('District of Columbia');
  });
});
