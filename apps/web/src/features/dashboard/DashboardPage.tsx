import { useCurrentUser } from '../../lib/session';
import { Greeting } from './Greeting';

/** / and /dashboard. The admin and personal dashboards grow here in later issues. */
export function DashboardPage() {
  const me = useCurrentUser();
  return <Greeting firstName={me.first_name} organizationName={me.organization.name} />;
}
