import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /account-settings. */
export function AccountSettingsPage() {
  return <PlaceholderPage title="Account Settings" />;
}
