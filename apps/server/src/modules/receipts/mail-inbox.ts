import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { RECEIPT_MAX_BYTES, type ReceiptType } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { orgSlugFromHost, type HostRules } from '../../http/tenancy.js';
import type { Jobs } from '../../jobs/queue.js';
import { findOrganizationBySlug } from '../orgs/service.js';
import { findUserByEmail, rolesOfUser } from '../users/service.js';
import { sniffReceiptType } from './file-type.js';
import { uploadToInbox } from './inbox.js';
import type { ReceiptStorage } from './storage.js';

/** The local part receipts are mailed to: receipts@<organisation's host>. */
export const RECEIPTS_MAILBOX = 'receipts';
/** A whole message at most (ten 10 MB receipts, base64 makes them a third larger). */
const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;
const MAX_ATTACHMENTS = 20;

export interface MailInboxDeps {
  db: Db;
  storage: ReceiptStorage;
  jobs: Jobs;
  hostRules: HostRules;
}

/** An SMTP refusal the sending server reports back to the person (the code says whether to try again). */
function refusal(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

/** The organisation a recipient address names, or null: receipts@<its host>, the host as the web app judges it. */
async function organisationOf(deps: MailInboxDeps, address: string) {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(0, at).toLowerCase() !== RECEIPTS_MAILBOX) return null;
  const slug = orgSlugFromHost(address.slice(at + 1), deps.hostRules);
  return slug === null ? null : ((await findOrganizationBySlug(deps.db, slug)) ?? null);
}

const senderOf = (from: AddressObject | undefined) => from?.value[0]?.address?.toLowerCase() ?? null;

/**
 * The receipt inbox by mail (issue 21.3): an SMTP endpoint taking mail to receipts@<organisation's host> from a
 * member of that organisation (the From address is a user's), each attachment that is a receipt (by its bytes) put
 * into that user's inbox, read and matched as an upload is. Anything else is refused during the SMTP conversation,
 * so the sender hears why. Plain SMTP on its port: put it behind the organisation's mail relay (OPERATIONS.md), which
 * checks the sender's SPF/DKIM; this endpoint trusts the From address as its relay passed it.
 */
export async function startReceiptMailInbox(
  deps: MailInboxDeps,
  listen: { port: number; host: string },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    banner: 'Spend wallet receipt inbox',
    logger: false,
    async onRcptTo(address: SMTPServerAddress, session, callback) {
      try {
        const org = await organisationOf(deps, address.address);
        if (!org) return callback(refusal(550, `No receipt inbox at ${address.address}`));
        const known = (session as { orgId?: number }).orgId;
        if (known !== undefined && known !== org.id)
          return callback(refusal(550, 'Send receipts to one organisation per message'));
        (session as { orgId?: number }).orgId = org.id;
        callback();
      } catch (error) {
        callback(refusal(451, `Try again later (${error instanceof Error ? error.message : String(error)})`));
      }
    },
    onData(stream, session, callback) {
      void (async () => {
        const orgId = (session as { orgId?: number }).orgId!;
        const mail = await simpleParser(stream, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded) throw refusal(552, 'The message is too large');
        const sender = senderOf(mail.from);
        const user = sender ? await findUserByEmail(deps.db, orgId, sender) : undefined;
        // Only a member who may sign in: a removed user's address is no longer theirs to use.
        if (!user || (await rolesOfUser(deps.db, orgId, user.id)).length === 0)
          throw refusal(550, `${sender ?? 'The sender'} is not a member of this organisation`);
        const uploads: Array<{ bytes: Buffer; type: ReceiptType; fileName: string | undefined }> = [];
        for (const attachment of mail.attachments.slice(0, MAX_ATTACHMENTS)) {
          const type = sniffReceiptType(attachment.content);
          if (!type || attachment.content.length > RECEIPT_MAX_BYTES) continue;
          uploads.push({ bytes: attachment.content, type, fileName: attachment.filename });
        }
        if (uploads.length === 0)
          throw refusal(550, 'No receipt attached: attach JPEG, PNG or HEIC photos or PDFs up to 10 MB');
        await uploadToInbox(deps, orgId, { id: user.id, roles: [] }, uploads);
      })().then(
        () => callback(),
        (error: unknown) =>
          callback(
            error instanceof Error && 'responseCode' in error
              ? error
              : refusal(451, 'The receipts could not be stored; try again later'),
          ),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  server.on('error', (error) => console.warn(`receipt mail inbox: ${error.message}`));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
