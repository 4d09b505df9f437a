import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /my-cards. */
export function MyCardsPage() {
  return <PlaceholderPage title="My Cards" />;
}
