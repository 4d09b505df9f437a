/** `include` of every card list and card read (PRODUCT.md §7). */
export const CARD_INCLUDES = 'user,pendingIssuingAuthorizationHolds';
