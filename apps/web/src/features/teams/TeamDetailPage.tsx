import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /teams/:teamId (admin). */
export function TeamDetailPage() {
  return <PlaceholderPage title="Team Details" />;
}
