import { Badge } from 'antd';

/** Active or inactive (SPEC §4), as a coloured dot with its word. */
export function CardStatusTag({ status }: { status: 'active' | 'inactive' }) {
  return <Badge status={status === 'active' ? 'success' : 'default'} text={status === 'active' ? 'Active' : 'Inactive'} />;
}
