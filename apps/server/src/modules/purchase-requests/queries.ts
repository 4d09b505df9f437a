/** Reads other modules may use (the recurring module reads the request it funds). */
export { findRequest, listRequests, approvedAmountsByTeam, dailyTransferred, type RequestRow } from './repo.js';
