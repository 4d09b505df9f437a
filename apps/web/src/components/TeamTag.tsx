import { Tag } from 'antd';
import { readableTagColor } from '../lib/contrast';

/** A team's name as a tag in the team's colour. */
export function TeamTag({ team }: { team: { name: string; color: string } | undefined | null }) {
  if (!team) return <span aria-label="No team">—</span>;
  return (
    <Tag color={readableTagColor(team.color)} style={{ marginInlineEnd: 0 }}>
      {team.name}
    </Tag>
  );
}
