import { givingProductLabel } from '@wallet/contract';
import { useGivingConfig } from './api/giving-config';

/** The public header's link to the sister giving product (PRODUCT.md §2); nothing when GIVING_URL isn't set. */
export function GivingLink() {
  const { data } = useGivingConfig();
  if (!data?.url) return null;
  return <a href={data.url}>{givingProductLabel(data.product_name)}</a>;
}
