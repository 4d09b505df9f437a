import { createHash } from 'node:crypto';
import { isAdmin, RECEIPT_INBOX_TEXTS, type ReceiptOcr, type ReceiptType } from '@wallet/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { notFound, validationFailed } from '../../http/errors.js';
import { QUEUES, type Jobs } from '../../jobs/queue.js';
import { expenseIsOpen, getReachableExpense, receiptCandidates, setHasReceipt } from '../expenses/service.js';
import { afterReceiptAttached } from '../receipt-policy/service.js';
import { bestMatch, candidateWindow } from './matching.js';
import { parseReceipt } from './reading/parse-receipt.js';
import { receiptText, UnreadableReceipt } from './reading/receipt-text.js';
import * as repo from './repo.js';
import { cleanFileName } from './file-name.js';
import { newStorageKey, type ReceiptStorage } from './storage.js';

interface Actor {
  id: number;
  roles: readonly string[];
}

export interface InboxDeps {
  db: Db;
  storage: ReceiptStorage;
  jobs: Jobs;
}

export interface ReadReceiptJob {
  orgId: number;
  receiptId: number;
}

/**
 * Receipts into the inbox, unattached: each file stored, then every row and its reading job in one transaction, so
 * the answer comes at once and the reading follows in pg-boss (never on the request, never on the event loop).
 */
export async function uploadToInbox(
  deps: InboxDeps,
  orgId: number,
  actor: Actor,
  uploads: ReadonlyArray<{ bytes: Buffer; type: ReceiptType; fileName: string | undefined }>,
): Promise<repo.ReceiptRow[]> {
  const keys = uploads.map(() => newStorageKey());
  await Promise.all(uploads.map((upload, index) => deps.storage.save(keys[index]!, upload.bytes)));
  try {
    return await deps.db.transaction().execute(async (tx) => {
      const rows: repo.ReceiptRow[] = [];
      for (const [index, upload] of uploads.entries()) {
        const row = await repo.insertReceipt(tx, {
          org_id: orgId,
          expense_id: null,
          uploaded_by: actor.id,
          storage_key: keys[index]!,
          type: upload.type,
          byte_size: upload.bytes.length,
          sha256: createHash('sha256').update(upload.bytes).digest('hex'),
          file_name: cleanFileName(upload.fileName, upload.type),
          reading: 'queued',
        });
        await deps.jobs.send(QUEUES.readReceipt, { orgId, receiptId: row.id } satisfies ReadReceiptJob, { tx });
        rows.push(row);
      }
      return rows;
    });
  } catch (error) {
    await Promise.all(keys.map((key) => deps.storage.remove(key).catch(() => undefined)));
    throw error;
  }
}

/** The text read and parsed; a file we keep but cannot read (HEIC) or one the reader fails on is said so. */
async function readingOf(
  storage: ReceiptStorage,
  receipt: repo.ReceiptRow,
): Promise<{ reading: 'read' | 'unreadable' | 'failed'; ocr: ReceiptOcr | null }> {
  try {
    const text = await receiptText(await storage.read(receipt.storage_key), receipt.type);
    return { reading: 'read', ocr: parseReceipt(text) };
  } catch (error) {
    if (error instanceof UnreadableReceipt) return { reading: 'unreadable', ocr: null };
    // A file the reader chokes on will choke again: no retry; the person picks the transaction themselves.
    console.warn(`receipt ${receipt.id} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return { reading: 'failed', ocr: null };
  }
}

/**
 * The reading job: read the receipt (outside any transaction), look for the uploader's purchase of exactly its total
 * within 3 days of its date, and attach it when confident; otherwise keep the best as a suggestion. Idempotent: a
 * receipt no longer queued (read already, or attached by hand meanwhile) is left as it is.
 */
export async function readInboxReceipt(deps: InboxDeps, job: ReadReceiptJob, now = new Date()) {
  const receipt = await repo.findReceipt(deps.db, job.orgId, job.receiptId);
  if (!receipt || receipt.reading !== 'queued' || receipt.uploaded_by === null) return;
  const { reading, ocr } = await readingOf(deps.storage, receipt);
  let candidates: Awaited<ReturnType<typeof receiptCandidates>> = [];
  if (ocr?.amount) {
    const found = await receiptCandidates(deps.db, {
      orgId: job.orgId,
      userId: receipt.uploaded_by,
      amount: ocr.amount,
      ...candidateWindow(ocr, now),
    });
    const taken = await repo.expensesWithReceipts(
      deps.db,
      job.orgId,
      found.map((candidate) => candidate.id),
    );
    candidates = found.filter((candidate) => !taken.has(candidate.id));
  }
  const best = ocr ? bestMatch(ocr, candidates) : null;
  await deps.db.transaction().execute(async (tx) => {
    const current = await repo.lockReceipt(tx, job.orgId, receipt.id);
    if (!current || current.reading !== 'queued') return;
    // It attaches itself only where nothing is attached and the month is open (issue 21.6); else it is a suggestion.
    const attach =
      best?.confident &&
      current.expense_id === null &&
      !(await repo.lockReceiptOfExpense(tx, job.orgId, best.match.expense_id)) &&
      (await expenseIsOpen(tx, job.orgId, best.match.expense_id));
    const expenseId = attach ? best.match.expense_id : current.expense_id;
    await repo.recordReading(tx, job.orgId, receipt.id, { reading, ocr, match: best?.match ?? null, expenseId });
    // Attached by hand meanwhile: attachInboxReceipt has recorded it already.
    if (attach && expenseId !== null) {
      await setHasReceipt(tx, job.orgId, expenseId, true);
      await afterReceiptAttached(tx, deps.jobs, job.orgId, expenseId);
    }
  });
}

/** An inbox receipt the actor may act on: their own upload, or any for an admin. */
async function reachableInboxReceipt(db: DbOrTx, orgId: number, actor: Actor, id: number) {
  const receipt = await repo.findReceipt(db, orgId, id);
  if (!receipt || receipt.expense_id !== null) throw notFound();
  if (receipt.uploaded_by !== actor.id && !isAdmin(actor.roles)) throw notFound();
  return receipt;
}

/** The person confirms the suggestion or picks another of their transactions (one that has no receipt yet). */
export async function attachInboxReceipt(
  deps: { db: Db; jobs: Jobs },
  orgId: number,
  actor: Actor,
  id: number,
  expenseId: number,
) {
  await reachableInboxReceipt(deps.db, orgId, actor, id);
  await getReachableExpense(deps.db, orgId, actor, expenseId).catch(() => {
    throw validationFailed({ expense_id: [RECEIPT_INBOX_TEXTS.expenseRequired] });
  });
  return deps.db.transaction().execute(async (tx) => {
    const receipt = await repo.lockReceipt(tx, orgId, id);
    if (!receipt || receipt.expense_id !== null) throw notFound();
    if (await repo.lockReceiptOfExpense(tx, orgId, expenseId))
      throw validationFailed({ expense_id: [RECEIPT_INBOX_TEXTS.alreadyHasReceipt] });
    await setHasReceipt(tx, orgId, expenseId, true);
    await afterReceiptAttached(tx, deps.jobs, orgId, expenseId);
    return (await repo.attachToExpense(tx, orgId, id, expenseId))!;
  });
}

/** The actor's inbox, newest first: receipts waiting for their transaction, and those matched in the last 7 days. */
export function listInbox(db: DbOrTx, orgId: number, actor: Actor, page: { number: number; size: number }) {
  return repo.inboxReceiptsOf(db, orgId, actor.id, page);
}
