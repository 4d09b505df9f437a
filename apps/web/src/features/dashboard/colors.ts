/** Series colours of the dashboard charts. */
export const SERIES_COLORS = {
  balance: '#2450c7',
  spending: '#e8590c',
  cardBalance: '#0b7285',
  approved: '#2f9e44',
} as const;
