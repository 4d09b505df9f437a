import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /cards (admin). */
export function CardsPage() {
  return <PlaceholderPage title="Cards" />;
}
