import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /requests. */
export function RequestsPage() {
  return <PlaceholderPage title="Requests" />;
}
