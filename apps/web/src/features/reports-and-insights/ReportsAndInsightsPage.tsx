import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /reports-and-insights (admin). */
export function ReportsAndInsightsPage() {
  return <PlaceholderPage title="Reports & Insights" />;
}
