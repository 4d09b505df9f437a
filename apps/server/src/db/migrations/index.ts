import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';
import * as invitationsMail from './0002_invitations_mail.js';
import * as ledgerCards from './0003_ledger_cards.js';
import * as authorizations from './0004_authorizations.js';
import * as expensesWebhooks from './0005_expenses_webhooks.js';
import * as purchaseRequests from './0006_purchase_requests.js';
import * as termsDetails from './0007_terms_details.js';
import * as spendRollup from './0008_spend_rollup.js';
import * as spendRollups from './0009_spend_rollups.js';
import * as passwordResets from './0010_password_resets.js';
import * as twoFactor from './0011_two_factor.js';
import * as registrationRequests from './0012_registration_requests.js';
import * as ssoAndLogos from './0013_sso_and_logos.js';
import * as auditLog from './0014_audit_log.js';
import * as teamRequestTotals from './0015_team_request_totals.js';
import * as mailDeliveryLease from './0016_mail_delivery_lease.js';
import * as topupFailures from './0017_topup_failures.js';
import * as emailChanges from './0018_email_changes.js';
import * as voidedApprovalLinks from './0019_voided_approval_links.js';
import * as issuerOutbox from './0020_issuer_outbox.js';
import * as moneyInvariants from './0021_money_invariants.js';
import * as reversalsCancellations from './0022_reversals_cancellations.js';
import * as ssoSignIns from './0023_sso_sign_ins.js';
import * as pendingHoldsCoverAmount from './0024_pending_holds_cover_amount.js';
import * as notifications from './0025_notifications.js';
import * as cardControls from './0026_card_controls.js';
import * as spendWindows from './0027_spend_windows.js';
import * as cardAlertsExpiry from './0028_card_alerts_expiry.js';
import * as cardSettings from './0029_card_settings.js';
import * as notificationSwitches from './0030_notification_switches.js';
import * as receipts from './0031_receipts.js';
import * as expenseReceiptFlag from './0032_expense_receipt_flag.js';
import * as expenseReview from './0033_expense_review.js';
import * as receiptPolicySettings from './0034_receipt_policy_settings.js';
import * as receiptPolicy from './0035_receipt_policy.js';
import * as monthCloses from './0036_month_closes.js';
import * as categoryGlCodes from './0037_category_gl_codes.js';
import * as mailDedupeKey from './0038_mail_dedupe_key.js';
import * as cardSpendEntries from './0039_card_spend_entries.js';
import * as cardsListOrder from './0040_cards_list_order.js';
import * as merchantCategoryTitle from './0041_merchant_category_title.js';
import * as receiptDeactivateSince from './0044_receipt_deactivate_since.js';
import * as expensesOrgCreatedId from './0045_expenses_org_created_id.js';

/** Every migration in order; the name is recorded in kysely_migration. Append, never reorder or edit. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_invitations_mail': invitationsMail,
  '0003_ledger_cards': ledgerCards,
  '0004_authorizations': authorizations,
  '0005_expenses_webhooks': expensesWebhooks,
  '0006_purchase_requests': purchaseRequests,
  '0007_terms_details': termsDetails,
  '0008_spend_rollup': spendRollup,
  '0009_spend_rollups': spendRollups,
  '0010_password_resets': passwordResets,
  '0011_two_factor': twoFactor,
  '0012_registration_requests': registrationRequests,
  '0013_sso_and_logos': ssoAndLogos,
  '0014_audit_log': auditLog,
  '0015_team_request_totals': teamRequestTotals,
  '0016_mail_delivery_lease': mailDeliveryLease,
  '0017_topup_failures': topupFailures,
  '0018_email_changes': emailChanges,
  '0019_voided_approval_links': voidedApprovalLinks,
  '0020_issuer_outbox': issuerOutbox,
  '0021_money_invariants': moneyInvariants,
  '0022_reversals_cancellations': reversalsCancellations,
  // Numbered 0017 while it was being written; moved after the others so every number is unique (nothing ran it yet).
  '0023_sso_sign_ins': ssoSignIns,
  '0024_pending_holds_cover_amount': pendingHoldsCoverAmount,
  '0025_notifications': notifications,
  '0026_card_controls': cardControls,
  '0027_spend_windows': spendWindows,
  '0028_card_alerts_expiry': cardAlertsExpiry,
  '0029_card_settings': cardSettings,
  '0030_notification_switches': notificationSwitches,
  '0031_receipts': receipts,
  '0032_expense_receipt_flag': expenseReceiptFlag,
  '0033_expense_review': expenseReview,
  '0034_receipt_policy_settings': receiptPolicySettings,
  '0035_receipt_policy': receiptPolicy,
  '0036_month_closes': monthCloses,
  '0037_category_gl_codes': categoryGlCodes,
  '0038_mail_dedupe_key': mailDedupeKey,
  '0039_card_spend_entries': cardSpendEntries,
  '0040_cards_list_order': cardsListOrder,
  '0041_merchant_category_title': merchantCategoryTitle,
  '0044_receipt_deactivate_since': receiptDeactivateSince,
  '0045_expenses_org_created_id': expensesOrgCreatedId,
};
