import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * Plain h1/h2/p/span drawn as antd's Typography draws them (same tokens): the public first screen (/login) is the
 * first load, and Typography, with the tooltip, ellipsis and text-area code it brings, would cost it ~15 KB (D10).
 */
function useTextBase(): CSSProperties {
  const { token } = theme.useToken();
  return {
    fontFamily: token.fontFamily,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    wordBreak: 'break-word',
  };
}

function useHeadingStyle(level: 1 | 2): CSSProperties {
  const { token } = theme.useToken();
  return {
    ...useTextBase(),
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    fontSize: level === 1 ? token.fontSizeHeading1 : token.fontSizeHeading2,
    lineHeight: level === 1 ? token.lineHeightHeading1 : token.lineHeightHeading2,
    marginBottom: '0.5em',
  };
}

/** Typography.Title level={level}. */
export function AuthHeading({ level, style, children }: { level: 1 | 2; style?: CSSProperties; children: ReactNode }) {
  const base = useHeadingStyle(level);
  const Tag = level === 1 ? 'h1' : 'h2';
  return <Tag style={{ ...base, ...style }}>{children}</Tag>;
}

/** Typography.Paragraph type="secondary". */
export function AuthLead({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  const base = useTextBase();
  return <p style={{ ...base, color: token.colorTextDescription, marginBottom: '1em', ...style }}>{children}</p>;
}

/** Typography.Text. */
export function AuthText({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  const base = useTextBase();
  return <span style={{ ...base, color: token.colorText, ...style }}>{children}</span>;
}
