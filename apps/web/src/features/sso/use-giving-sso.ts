import { App } from 'antd';
import { GIVING_PRODUCT_NAME, SSO_MESSAGES, ssoMenuLabel } from '@wallet/contract';
import { useGivingConfig } from './api/giving-config';
import { useOutboundSso } from './api/outbound-sso';

/**
 * The user menu's 'SSO To {product} Giving': its label (the configured product name) and what choosing it
 * does: sign in over there, or, when the server has no GIVING_URL / GIVING_SSO_SECRET, say so plainly.
 */
export function useGivingSso() {
  const config = useGivingConfig();
  const sso = useOutboundSso();
  const { modal } = App.useApp();
  const label = ssoMenuLabel(config.data?.product_name ?? GIVING_PRODUCT_NAME);

  const start = () => {
    if (config.data && !config.data.sso_enabled) {
      modal.info({ title: label, content: SSO_MESSAGES.notConfigured, okText: 'OK' });
      return;
    }
    sso.mutate('giving');
  };

  return { label, start, pending: sso.isPending };
}
