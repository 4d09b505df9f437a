export { pendingHoldTotals, pendingHoldsOfCards } from './repo.js';
