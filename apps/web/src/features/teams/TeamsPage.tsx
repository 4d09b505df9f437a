import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /teams (admin). */
export function TeamsPage() {
  return <PlaceholderPage title="Teams" />;
}
