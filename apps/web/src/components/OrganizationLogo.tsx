import { BankOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import { useState } from 'react';
import { organizationLogoPath, useLogoVersion } from '../lib/organization-logo';

interface Props {
  size: number;
  /** Accessible name; leave empty when the organisation's name is written beside it. */
  alt?: string;
}

/** The organisation's logo (uploaded, or its initials image); a plain icon if it can't be loaded. */
export function OrganizationLogo({ size, alt = '' }: Props) {
  const { token } = theme.useToken();
  const version = useLogoVersion();
  const [failedVersion, setFailedVersion] = useState<number>();
  const box = { width: size, height: size, flex: 'none', borderRadius: Math.round(size / 4.8) };

  if (failedVersion === version) {
    return (
      <Flex
        align="center"
        justify="center"
        style={{ ...box, background: token.colorPrimary, color: '#fff', fontSize: size / 2 }}
        aria-hidden={!alt}
        aria-label={alt || undefined}
      >
        <BankOutlined />
      </Flex>
    );
  }
  return (
    <img
      src={version ? `${organizationLogoPath()}?v=${version}` : organizationLogoPath()}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailedVersion(version)}
      style={{ ...box, objectFit: 'contain', display: 'block' }}
    />
  );
}
