import { useMutation } from '@tanstack/react-query';
import type { SsoApp } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';

/** POST /api/outbound-sso {app}: answers the URL that signs the user into the other product. */
export async function outboundSsoUrl(app: SsoApp): Promise<string> {
  const { data } = await http.post<DataEnvelope<string>>('/api/outbound-sso', { app });
  return data;
}

/** Signs into the other product and leaves for it; failures go through the normal notifications. */
export function useOutboundSso() {
  return useMutation({
    mutationFn: outboundSsoUrl,
    onSuccess: (url) => window.location.assign(url),
  });
}
