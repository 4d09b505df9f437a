import { CameraOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Grid, Space, Tooltip } from 'antd';
import { useRef, type JSX } from 'react';
import { RECEIPT_ACCEPT, RECEIPT_MAX_BYTES, RECEIPT_MESSAGES } from '@wallet/contract';

interface Props {
  /** What the buttons say ("Attach" or "Replace") and, for screen readers, which transaction they are for. */
  label: string;
  accessibleFor: string;
  busy: boolean;
  onFile: (file: File) => void;
  onProblem: (problem: string) => void;
  size?: 'small' | 'middle';
  /** Why the receipt can't change now (its month is closed): the buttons are disabled and their tooltip says it. */
  disabledReason?: string;
}

/**
 * Choose a receipt file; on a phone also "Take photo", which opens the camera straight away (`capture`). The size is
 * checked here before anything is sent; the server judges the content.
 */
export function ReceiptFileButtons({
  label,
  accessibleFor,
  busy,
  onFile,
  onProblem,
  size = 'small',
  disabledReason,
}: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const phone = !Grid.useBreakpoint().md;
  const take = (input: HTMLInputElement | null) => {
    const file = input?.files?.[0];
    if (input) input.value = '';
    if (!file) return;
    if (file.size === 0) onProblem(RECEIPT_MESSAGES.empty);
    else if (file.size > RECEIPT_MAX_BYTES) onProblem(RECEIPT_MESSAGES.tooLarge);
    else onFile(file);
  };
  const locked = disabledReason !== undefined;
  const explained = (button: JSX.Element) => (locked ? <Tooltip title={disabledReason}>{button}</Tooltip> : button);
  return (
    <Space size={4} wrap>
      {explained(
        <Button
          size={size}
          icon={<PaperClipOutlined />}
          loading={busy}
          disabled={locked}
          aria-label={`${label} a receipt for ${accessibleFor}`}
          onClick={() => fileInput.current?.click()}
        >
          {label}
        </Button>,
      )}
      {phone &&
        explained(
          <Button
            size={size}
            icon={<CameraOutlined />}
            disabled={busy || locked}
            aria-label={`Take photo of the receipt for ${accessibleFor}`}
            onClick={() => cameraInput.current?.click()}
          >
            Take photo
          </Button>,
        )}
      <input
        ref={fileInput}
        type="file"
        accept={RECEIPT_ACCEPT}
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={(event) => take(event.currentTarget)}
      />
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={(event) => take(event.currentTarget)}
      />
    </Space>
  );
}
