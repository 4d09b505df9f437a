/** Reads other modules may use (the recurring module reads the request it funds). */
export { findRequest, listRequests, approvedAmountsByTeam, type RequestRow } from './repo.js';
