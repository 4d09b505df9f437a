/**
 * Texts of the /requests screens and the public approval-link pages (PRODUCT.md §2), shared by the web app and the
 * end-to-end tests. Messages the API also sends live in REQUEST_MESSAGES.
 */
export const REQUEST_TEXTS = {
  pageTitle: 'Requests',
  addRequest: 'Add Request',
  createDrawerTitle: 'Create New Request',
  editDrawerTitle: 'Edit Request',
  detailsDrawerTitle: 'Request Details',
  viewRequest: 'View Request',
  editRequest: 'Edit Request',
  deleteRequest: 'Delete Request',
  action: 'Action',
  approve: 'Approve',
  reject: 'Reject',
  forceApprove: 'Force Approve',
  forceReject: 'Force Reject',
  adminApproved: 'Admin Approved',
  adminRejected: 'Admin Rejected',
  pause: 'Pause',
  unpause: 'Unpause',
} as const;

/** The /requests tabs (PRODUCT.md §2): `tab` in the URL is the key. */
export const REQUEST_TABS = {
  pending: 'Pending Request',
  myRequest: 'My Request',
  myRecurringRequest: 'My Recurring Request',
  allRequest: 'All Request',
  allRecurringRequest: 'All Recurring Request',
} as const;
export type RequestTabKey = keyof typeof REQUEST_TABS;

/** Where a one-click approval link from the mail lands (PRODUCT.md §2 public routes, ARCHITECTURE.md D8). */
export const APPROVAL_LINK_TEXTS = {
  approvedTitle: 'Request Approved',
  approvedDetail: 'The purchase request has been marked approved.',
  rejectedTitle: 'Request Denied',
  rejectedDetail: 'The purchase request has been marked denied.',
  usedTitle: 'Already Responded',
  usedDetail: 'This purchase request has already been responded to. Nothing else was changed.',
  unknownTitle: 'Approval Link Opened',
  unknownDetail: 'Open the app to see where this purchase request stands.',
  fundingTitle: 'This Request Cannot Be Funded Right Now',
  fundingDetail:
    "The organisation doesn't have enough funds to cover this purchase request yet. Nothing was approved: once an admin adds funds, try the link again.",
  notNeededTitle: 'Approval No Longer Needed',
  notNeededDetail:
    "The team's approval path changed and this request no longer waits for you. Nothing was changed; if your approval is needed again, you will get a new email.",
  notFoundTitle: 'Request Not Found',
  notFoundDetail: 'This purchase request was deleted or no longer exists.',
  errorTitle: 'Something Went Wrong',
  errorDetail: 'This approval link could not be used. Open the app to decide the request there.',
  expiredTitle: 'This Link Has Expired',
  expiredDetail:
    'Approval links work for 7 days. Sign in and approve or reject the request from the Pending Request tab instead.',
  openRequests: 'Open Requests',
  signIn: 'Sign In',
} as const;
