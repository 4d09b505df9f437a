export * from './roles.js';
export * from './messages.js';
export * from './auth.js';
export * from './constants.js';
export * from './greeting.js';
export * from './money.js';
