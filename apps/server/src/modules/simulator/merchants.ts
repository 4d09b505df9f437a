import { randomInt } from 'node:crypto';
import type { MerchantData } from '../authorizations/service.js';

/** Realistic merchants for simulated purchases and the demo history. */
export const MERCHANTS: MerchantData[] = [
  { name: 'Delta Air Lines', category: 'airlines_air_carriers', category_code: '3058', city: 'Atlanta', state: 'GA', postal_code: '30320', country: 'US', url: 'delta.com' },
  { name: 'Marriott Hotels', category: 'hotels_motels_and_resorts', category_code: '3509', city: 'Bethesda', state: 'MD', postal_code: '20817', country: 'US', url: 'marriott.com' },
  { name: 'Uber Trip', category: 'taxicabs_limousines', category_code: '4121', city: 'San Francisco', state: 'CA', postal_code: '94103', country: 'US', url: 'uber.com' },
  { name: 'Amazon Web Services', category: 'computer_network_services', category_code: '4816', city: 'Seattle', state: 'WA', postal_code: '98109', country: 'US', url: 'aws.amazon.com' },
  { name: 'GitHub', category: 'computer_software_stores', category_code: '5734', city: 'San Francisco', state: 'CA', postal_code: '94107', country: 'US', url: 'github.com' },
  { name: 'Figma', category: 'computer_software_stores', category_code: '5734', city: 'San Francisco', state: 'CA', postal_code: '94107', country: 'US', url: 'figma.com' },
  { name: 'Sweetgreen', category: 'eating_places_restaurants', category_code: '5812', city: 'New York', state: 'NY', postal_code: '10003', country: 'US', url: 'sweetgreen.com' },
  { name: 'Blue Bottle Coffee', category: 'eating_places_restaurants', category_code: '5812', city: 'Oakland', state: 'CA', postal_code: '94607', country: 'US', url: 'bluebottlecoffee.com' },
  { name: 'Staples', category: 'stationery_stores_office_and_school_supply_stores', category_code: '5111', city: 'Framingham', state: 'MA', postal_code: '01702', country: 'US', url: 'staples.com' },
  { name: 'Google Ads', category: 'advertising_services', category_code: '7311', city: 'Mountain View', state: 'CA', postal_code: '94043', country: 'US', url: 'ads.google.com' },
  { name: 'LinkedIn Ads', category: 'advertising_services', category_code: '7311', city: 'Sunnyvale', state: 'CA', postal_code: '94085', country: 'US', url: 'linkedin.com' },
  { name: 'Zoom', category: 'computer_software_stores', category_code: '5734', city: 'San Jose', state: 'CA', postal_code: '95113', country: 'US', url: 'zoom.us' },
];

export const WALLETS = ['apple_pay', 'google_pay', 'samsung_pay'] as const;

export function randomMerchant(): MerchantData {
  return MERCHANTS[randomInt(MERCHANTS.length)]!;
}
