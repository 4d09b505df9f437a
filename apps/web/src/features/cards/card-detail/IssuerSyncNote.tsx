import { Tag, Tooltip } from 'antd';
import { CARD_MESSAGES, type CardResource } from '@wallet/contract';

/** Beside the status: the issuer is still being told of the last change, or refused it (with its reason). */
export function IssuerSyncNote({ sync }: { sync: CardResource['issuer_sync'] }) {
  if (sync.state === 'synced') return null;
  if (sync.state === 'syncing') {
    return (
      <Tooltip title={CARD_MESSAGES.issuerSyncingHelp}>
        <Tag color="processing" role="status" tabIndex={0} style={{ marginInlineEnd: 0 }}>
          {CARD_MESSAGES.issuerSyncing}
        </Tag>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={sync.error ?? undefined}>
      <Tag color="error" role="status" tabIndex={0} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
        {CARD_MESSAGES.issuerSyncFailed}
        {sync.error ? `: ${sync.error}` : ''}
      </Tag>
    </Tooltip>
  );
}
