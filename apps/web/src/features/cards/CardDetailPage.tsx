import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /cards/:cardId. */
export function CardDetailPage() {
  return <PlaceholderPage title="Card Details" />;
}
