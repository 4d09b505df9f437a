import { Avatar, type AvatarProps } from 'antd';

interface Props {
  name: string;
  src?: string | null;
  size?: AvatarProps['size'];
}

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    `${parts[0]?.charAt(0) ?? ''}${parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : ''}`.toUpperCase() || '?'
  );
}

/** A person's picture, or their initials; decorative (the name is always written beside it). */
export function UserAvatar({ name, src, size = 'default' }: Props) {
  return (
    <Avatar
      src={src ?? undefined}
      size={size}
      alt=""
      aria-hidden
      style={{ background: '#dbe5fb', color: '#1b3a94', flex: 'none' }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
