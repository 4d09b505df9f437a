/** Series colours of the report charts (spending and funding match the dashboard's). */
export const REPORT_COLORS = {
  funding: '#2f9e44',
  spending: '#e8590c',
  allocations: '#2450c7',
  balance: '#0b7285',
  /** Bars of ranked breakdowns, in rank order. */
  ranks: ['#2450c7', '#0b7285', '#2f9e44', '#e8590c', '#ae3ec9', '#f08c00', '#1098ad', '#d6336c', '#5c7cfa', '#74b816'],
} as const;
