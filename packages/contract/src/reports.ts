/** /reports-and-insights texts and choices (PRODUCT.md §2, §8, §9), shared by the screens and the export endpoint. */

/** The report export's columns, in file order (GET /api/expenses/export?export_fields=...). */
export const REPORT_EXPORT_FIELDS = [
  'posted_date',
  'amount',
  'cardholder',
  'card',
  'merchant',
  'merchant_category',
  'merchant_category_code',
  'category',
  'team',
  'notes',
  'type',
  'wallet',
] as const;
export type ReportExportField = (typeof REPORT_EXPORT_FIELDS)[number];

/** Column headings of the export, and the labels of the export modal's checkboxes. */
export const REPORT_EXPORT_FIELD_LABELS: Record<ReportExportField, string> = {
  posted_date: 'Posted Date',
  amount: 'Amount',
  cardholder: 'Cardholder',
  card: 'Card',
  merchant: 'Merchant',
  merchant_category: 'Merchant Category',
  merchant_category_code: 'Merchant Category Code',
  category: 'Category',
  team: 'Team',
  notes: 'Notes',
  type: 'Type',
  wallet: 'Digital Wallet',
};

/** With the Card column, the file also names the card's nickname and purpose (issue 20.4) in columns of their own. */
export const REPORT_EXPORT_CARD_DETAIL_LABELS = {
  card_nickname: 'Card nickname',
  card_purpose: 'Card purpose',
} as const;

export const REPORT_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
/** Rows of transactions an Excel sheet holds: its 1,048,576 rows less the heading. */
export const EXCEL_MAX_DATA_ROWS = 1_048_575;
/** Why an export is refused before it starts (GET /api/expenses/export, 422 on export_as). */
export const REPORT_EXPORT_MESSAGES = {
  excelTooManyRows:
    `An Excel sheet holds at most ${EXCEL_MAX_DATA_ROWS.toLocaleString('en-US')} rows and these transactions are more: ` +
    'narrow the date range or the filters, or export as CSV.',
} as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/** Texts of the report screens and the report export (matched exactly). */
export const REPORT_TEXTS = {
  atLeastOneColumn: 'At least one column must be selected',
  generating: 'Generating this report...',
  generated: 'Report generated successfully!',
  unknownExportError: 'unknown error occurred.',
  uncategorized: 'Uncategorized',
  exportAsCsv: 'Export As CSV',
  exportReport: 'Export Report',
  applyFilters: 'Apply Filters',
  allTransactions: 'All Transactions',
  totalFunding: 'Total Funding',
  totalSpending: 'Total Spending',
  statsAndInsights: 'Stats & Insights',
  /** The Summary's count: transactions in the Summary's range (not the All Transactions table's). */
  summaryTransactions: 'Transactions in this range',
  /** The All Transactions table's total: '189 transactions, all time' or '12 transactions, 2025-03-01 to 2025-03-31'. */
  tableTotal: (total: string, between?: { from: string; to: string }) =>
    `${total} transactions${between ? `, ${between.from} to ${between.to}` : ', all time'}`,
} as const;

/** The tabs of /reports-and-insights (`tab` query), in order; allSpending is the default. */
export const REPORT_TABS = {
  allSpending: 'All Spending',
  funding: 'Funding',
  users: 'Users',
  categories: 'Categories',
  teams: 'Teams',
} as const;
export type ReportTabKey = keyof typeof REPORT_TABS;

/** The top-5 boxes of All Spending. */
export const TOP_FIVE_TITLES = {
  spender: 'Top 5 Spender',
  cardBalances: 'Top 5 Card Balances',
  categories: 'Top 5 Categories',
  teams: 'Top 5 Team Spending',
} as const;

/** The transactions table's date presets (PRODUCT.md §2). */
export const TRANSACTION_DATE_PRESETS = [
  'Today',
  'Yesterday',
  'Last 7 Days',
  'Last 30 Days',
  'Last 90 Days',
  'This Month',
  'Last Month',
  'This Year',
] as const;
export type TransactionDatePreset = (typeof TRANSACTION_DATE_PRESETS)[number];

export const DIGITAL_WALLETS = ['apple_pay', 'google_pay', 'samsung_pay'] as const;
export type DigitalWallet = (typeof DIGITAL_WALLETS)[number];
export const DIGITAL_WALLET_NAMES: Record<DigitalWallet, string> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  samsung_pay: 'Samsung Pay',
};

export const EXPENSE_TYPES = ['capture', 'refund'] as const;
export type ExpenseType = (typeof EXPENSE_TYPES)[number];

/** A posted transaction as GET /api/expenses lists it with include=user,walletCard,walletCategory,team. */
export interface ExpenseResource {
  id: number;
  stripe_created: number;
  amount: number;
  type: ExpenseType;
  wallet: DigitalWallet | null;
  merchant_data: {
    name?: string | null;
    category?: string | null;
    category_code?: string | null;
    city?: string | null;
    state?: string | null;
    country?: string | null;
  } | null;
  wallet_card?: { id: number; last4: string; name: string; nickname?: string | null } | null;
  user?: { id: number; name: string } | null;
  wallet_category?: { id: number; name: string } | null;
  team?: { id: number; name: string; color: string } | null;
  notes: string | null;
  receipt_status?: 'attached' | 'missing' | 'not_required';
  memo_required?: boolean;
  /** Posted in a closed month (issue 21.6): memo, receipt and review marks can't change. */
  locked?: boolean;
  reviewed_at?: string | null;
  flagged?: boolean;
  /** Its receipt, briefly (issue 21); null when none is attached. */
  receipt?: { id: number; type: 'jpeg' | 'png' | 'heic' | 'pdf'; file_url: string } | null;
}

/** A top-five row: what it is (user, card, category or team; null for none) and cents. */
export interface AnalyticsTopRow {
  id: number | null;
  label: string;
  amount: number;
}
