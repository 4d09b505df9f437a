import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Typography } from 'antd';

const FILE_NAME = 'spend-wallet-recovery-codes.txt';

function download(codes: string[]) {
  const text = `Spend Wallet recovery codes\nEach code signs you in once when you can't use your authenticator app.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The recovery codes, shown once (after turning on or generating new ones): copy, download, then Done. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { message } = App.useApp();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      void message.success('Recovery codes copied');
    } catch {
      void message.error('Copying is not allowed here. Download the codes instead.');
    }
  };

  return (
    <section aria-labelledby="recovery-codes-title">
      <Alert
        type="warning"
        showIcon
        title={<span id="recovery-codes-title">Save your recovery codes now</span>}
        description="They are shown only this once. Each code signs you in one time if you lose your phone or can't use your authenticator app. Keep them somewhere safe, like a password manager."
      />
      <ol
        aria-label="Recovery codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
          gap: '8px 24px',
          listStyle: 'none',
          padding: 16,
          margin: '16px 0',
          background: 'rgba(0, 0, 0, 0.03)',
          borderRadius: 8,
        }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text
              style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 15 }}
            >
              {code}
            </Typography.Text>
          </li>
        ))}
      </ol>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          Copy Codes
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={() => download(codes)}>
          Download
        </Button>
        <Button type="primary" onClick={onDone}>
          I Saved Them
        </Button>
      </Flex>
    </section>
  );
}
