import { Avatar } from 'antd';

interface Props {
  name: string;
  src?: string | null;
  size?: 'small' | 'default' | 'large' | number;
}

const PIXELS = { small: 24, default: 32, large: 40 } as const;
const COLORS = { background: '#dbe5fb', color: '#1b3a94' } as const;

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    `${parts[0]?.charAt(0) ?? ''}${parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : ''}`.toUpperCase() || '?'
  );
}

/**
 * A person's picture, or their initials; decorative (the name is always written beside it). Initials are drawn at a
 * size that fits two letters, not measured: antd's Avatar measures its text after rendering to scale it, a forced
 * layout per avatar (some 20 ms for the dashboard's Recently Used Card and the header together).
 */
export function UserAvatar({ name, src, size = 'default' }: Props) {
  // A picture that fails to load falls back to the initials (antd measures them only then).
  if (src)
    return (
      <Avatar src={src} size={size} alt="" aria-hidden style={{ ...COLORS, flex: 'none' }}>
        {initialsOf(name)}
      </Avatar>
    );
  const pixels = typeof size === 'number' ? size : PIXELS[size];
  return (
    <span
      aria-hidden
      style={{
        ...COLORS,
        width: pixels,
        height: pixels,
        borderRadius: '50%',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        fontSize: Math.min(Math.round(pixels / 2), 18),
        lineHeight: 1,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        userSelect: 'none',
      }}
    >
      {initialsOf(name)}
    </span>
  );
}
