import { describe, expect, it } from 'vitest';
import { forcePlaceOf, REQUEST_MESSAGES } from './purchase-requests.js';

describe('force notes', () => {
  it("keep SPEC §186's dashboard wording and name the requests page for a force done there", () => {
    expect(REQUEST_MESSAGES.forceNote('approved', 'dashboard')).toBe(
      'Force approved by admin from purchase request dashboard.',
    );
    expect(REQUEST_MESSAGES.forceNote('rejected', 'requests')).toBe(
      'Force rejected by admin from the purchase requests page.',
    );
  });

  it('read back the place of a known note for its own status only', () => {
    expect(forcePlaceOf('approved', REQUEST_MESSAGES.forceNote('approved', 'dashboard'))).toBe('dashboard');
    expect(forcePlaceOf('rejected', REQUEST_MESSAGES.forceNote('rejected', 'requests'))).toBe('requests');
    expect(forcePlaceOf('approved', REQUEST_MESSAGES.forceNote('rejected', 'dashboard'))).toBeNull();
    expect(forcePlaceOf('approved', 'Approved because I said so.')).toBeNull();
  });
});
