/** Test support other modules' tests may import: the allocation expiry job's body, run with the test's own "today". */
export { expireDueAllocations } from './allocation-expiry.js';
