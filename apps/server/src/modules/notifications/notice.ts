import type { NotificationCentreKind } from '@wallet/contract';
import type { MailContent } from '../mail/service.js';

/** Something to tell one person, in the bell and by mail as their switches of its kind say. */
export interface Notice {
  orgId: number;
  userId: number;
  kind: NotificationCentreKind;
  title: string;
  body: string;
  /** The in-app path it opens (/cards/12), or null. */
  link: string | null;
  /** The producer's own mail (one-click links); without it the mail is the title, body and link in the standard layout. */
  mail?: MailContent;
}
