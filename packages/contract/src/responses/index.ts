// Response schemas of the API routes (route `response:` entries), one file per area (ARCHITECTURE.md D6).
export * from './common.js';
export * from './errors.js';
export * from './users.js';
export * from './cards.js';
export * from './expenses.js';
export * from './teams.js';
export * from './requests.js';
export * from './analytics.js';
export * from './organization.js';
export * from './simulator.js';
export * from './declines.js';
