import { MESSAGES } from '@wallet/contract';
import { HttpError } from './http';

export interface ErrorNotice {
  type: 'warning' | 'error';
  title: string;
  description?: string;
}

/** What the UI does with a failed call (PRODUCT.md §8): the notices to show and whether to report it. */
export interface ErrorOutcome {
  notices: ErrorNotice[];
  report: boolean;
}

const SILENT_STATUSES = new Set([401, 402]);
/** Statuses with their own notice are expected answers; only the rest are reported (network errors aside). */
const STATUSES_WITH_OWN_NOTICE = new Set([400, 401, 402, 403, 404, 422, 423, 429]);

function firstFieldMessage(errors: Record<string, string[]>): string | undefined {
  for (const messages of Object.values(errors)) {
    if (messages[0]) return messages[0];
  }
  return undefined;
}

function noticesForStatus(error: HttpError): ErrorNotice[] {
  switch (error.status) {
    case 400:
      return [
        {
          type: 'warning',
          title: MESSAGES.checkEntries,
          description: firstFieldMessage(error.errors) ?? error.message,
        },
      ];
    case 403:
      return [
        {
          type: 'warning',
          title: MESSAGES.notAuthorized,
          description: error.serverMessage ?? MESSAGES.notAuthorizedHint,
        },
      ];
    case 404:
      return [{ type: 'warning', title: MESSAGES.resourceNotFound }];
    case 422: {
      const perField = Object.values(error.errors)
        .map((messages) => messages[0])
        .filter((message): message is string => Boolean(message))
        .map((message): ErrorNotice => ({ type: 'warning', title: MESSAGES.checkEntries, description: message }));
      return perField.length > 0
        ? perField
        : [{ type: 'warning', title: MESSAGES.checkEntries, description: error.message }];
    }
    case 423:
      return [{ type: 'warning', title: MESSAGES.confirmPassword, description: MESSAGES.sensitiveRestricted }];
    case 429:
      return [{ type: 'warning', title: MESSAGES.tooManyRequests, description: error.serverMessage }];
    default:
      return [{ type: 'error', title: MESSAGES.genericError, description: error.message }];
  }
}

/** Maps any thrown error to the notices of PRODUCT.md §8. Pure: showing and reporting are the caller's job. */
export function errorOutcome(error: unknown): ErrorOutcome {
  if (!(error instanceof HttpError)) {
    const description = error instanceof Error ? error.message : String(error);
    return { notices: [{ type: 'error', title: MESSAGES.genericError, description }], report: true };
  }
  if (SILENT_STATUSES.has(error.status)) return { notices: [], report: false };
  const report = !STATUSES_WITH_OWN_NOTICE.has(error.status) && !error.isNetworkError;
  return { notices: noticesForStatus(error), report };
}
