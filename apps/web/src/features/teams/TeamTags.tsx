import { Flex, Tag, Typography } from 'antd';
import type { UserResource } from '@wallet/contract';
import { readableTagColor } from '../../lib/contrast';

/** A user's teams as tags in each team's colour. */
export function TeamTags({ teams }: { teams: UserResource['teams'] }) {
  if (!teams?.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex wrap gap={4} style={{ maxWidth: 280 }}>
      {teams.map((team) => (
        <Tag key={team.id} color={readableTagColor(team.color)} style={{ marginInlineEnd: 0 }}>
          {team.name}
        </Tag>
      ))}
    </Flex>
  );
}

/** A team's colour as a dot beside its name. */
export function ColorDot({ color, size = 12 }: { color: string; size?: number }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        background: color,
        flex: 'none',
      }}
    />
  );
}
