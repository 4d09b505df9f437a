/** `include` of the request lists and of one request (PRODUCT.md §7). */
export const REQUEST_LIST_INCLUDES = 'user,card,team,walletCategory,recurringPurchaseRequest';
export const REQUEST_DETAIL_INCLUDES = 'user,card,approvals.approver,team,walletCategory,recurringPurchaseRequest';
export const MY_RECURRING_INCLUDES = 'purchaseRequest,purchaseRequest.card,purchaseRequest.team';
export const ALL_RECURRING_INCLUDES = 'purchaseRequest,purchaseRequest.user,purchaseRequest.card,purchaseRequest.team';
