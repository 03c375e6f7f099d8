import { daysBefore } from '../../../domain/rates';
import {
  type MappingRequiredDetails,
  reconciliationMessages,
  type StatementApproval,
  type StatementDetail,
  type StatementSummary,
  type StatementUploadResult,
} from '../../../domain/reconciliation';
import { statementReferenceMatches } from '../../../domain/references';
import { PAYMENT_WINDOW_DAYS } from '../../../domain/statement-matching';
import type { Db, Executor } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { matchEntries } from './match-entries';
import type { StatementUpload } from './reconciliation.multipart';
import { reconciliationRepo as repo, type StatementRecord } from './reconciliation.repo';
import { locateTable, readEntries, recognizeColumns, resolveMapping, sampleRows } from './statement-layout';

type Deps = {
  db: Db;
  /**
   * Payments service: approve one pending payment with every re-check of a manual approval
   * (still pending, same sale, not over what is owed), in its own transaction. Throws the payments
   * module's AppErrors (409 PAYMENT_ALREADY_DECIDED, TICKET_CHANGED, …) when it cannot. `note`
   * goes to the payment's notes (why it was approved).
   */
  approvePayment: (actor: AuthContext, paymentId: string, note: string) => Promise<void>;
  /**
   * Payments service, optional: several approvals with the same re-checks in ONE transaction, all
   * or nothing (a failure throws and approves none). Saves a commit per payment; when a chunk
   * fails, its payments are approved one by one with `approvePayment`, so one failure is reported
   * alone and the others still go through.
   */
  approvePayments?: (actor: AuthContext, paymentIds: string[], note: string) => Promise<void>;
  /**
   * Approval chunks in flight at once: a few on PostgreSQL (their round trips overlap); one on
   * PGlite, whose single connection would make a reservation wait behind all of them.
   */
  approvalConcurrency: number;
  /** Logs an approval that failed for a reason that is not the payment's (the database, a bug). */
  log?: { error: (details: object, message: string) => void };
};

/** Payments approved per transaction (with `approvePayments`), and recorded as confirmed together. */
const APPROVAL_CHUNK = 10;

type Match = { rowId: string; paymentId: string; ticketId: string };

/**
 * Chunks of about `size` matches in which all the payments of a ticket travel together: two chunks
 * in flight never lock the same ticket, so they cannot lock two tickets crosswise and deadlock.
 */
export function chunksByTicket(matches: Match[], size: number): Match[][] {
  const byTicket = new Map<string, Match[]>();
  for (const match of matches) byTicket.set(match.ticketId, [...(byTicket.get(match.ticketId) ?? []), match]);
  const chunks: Match[][] = [];
  let chunk: Match[] = [];
  for (const group of byTicket.values()) {
    chunk.push(...group);
    if (chunk.length >= size) {
      chunks.push(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}
const RECENT_STATEMENTS = 20;

/** A credit the bank shows for a reported reference, not yet used to confirm a payment. */
export type BankCredit = { statementRowId: string; postedOn: string; amountVesCents: number };

/** The reported keys a credit's reference answers to: itself, and its endings of 6 characters or more. */
const keysOfCredit = (referenceKey: string) => [
  referenceKey,
  ...Array.from({ length: Math.max(0, referenceKey.length - 6) }, (_, i) => referenceKey.slice(i + 1)),
];

/**
 * The bank's credits for these reported reference keys (`referenceKey` of what buyers typed): a
 * credit whose reference is the key or ends with it (domain/references.ts), that no approval used
 * yet and that one report alone claims (two reports of one transfer, its digits typed shorter or
 * under another method, are for a person to decide: decision 059). The payments module calls it to
 * show "confirmado por el banco" next to a payment reported after its statement was uploaded. The
 * newest credit per key.
 */
export async function bankConfirmedReferences(
  db: Executor,
  keys: string[],
): Promise<Map<string, BankCredit>> {
  const wanted = [...new Set(keys.filter(Boolean))];
  const found = new Map<string, BankCredit>();
  if (wanted.length === 0) return found;
  const credits = (await repo.creditsEndingWith(db, wanted)).filter((row) =>
    statementReferenceMatches(row.reference_key, row.key),
  );
  const held = await repo.reportsHolding(db, [
    ...new Set(credits.flatMap((row) => keysOfCredit(row.reference_key))),
  ]);
  for (const row of credits) {
    if (found.has(row.key)) continue;
    const reports = keysOfCredit(row.reference_key).reduce((n, key) => n + (held.get(key) ?? 0), 0);
    if (reports > 1) continue;
    found.set(row.key, {
      statementRowId: row.id,
      postedOn: row.posted_on,
      amountVesCents: Number(row.amount),
    });
  }
  return found;
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;

export function createReconciliationService(deps: Deps) {
  const { db } = deps;

  async function summarize(statements: StatementRecord[]): Promise<StatementSummary[]> {
    const counts = await repo.stateCounts(
      db,
      statements.map((s) => s.id),
    );
    return statements.map((s) => {
      const of = (state: string) =>
        counts.filter((c) => c.statementId === s.id && c.state === state).reduce((n, c) => n + c.n, 0);
      return {
        id: s.id,
        file_name: s.fileName,
        file_type: s.fileType as 'csv' | 'xlsx',
        bank_code: s.bankCode,
        created_at: s.createdAt.toISOString(),
        rows: counts.filter((c) => c.statementId === s.id).reduce((n, c) => n + c.n, 0),
        matched: of('matched'),
        amount_mismatch: of('amount_mismatch'),
        unreported: of('unreported'),
        already_reconciled: of('already_reconciled'),
        duplicates: of('duplicate'),
        skipped_already_imported: s.skippedAlreadyImported,
        debits_ignored: s.debitsIgnored,
        unreadable_lines: s.unreadableLines,
      };
    });
  }

  async function requireStatement(id: string) {
    const statement = await repo.findStatement(db, id);
    if (!statement) throw new NotFoundError(reconciliationMessages.notFound, 'STATEMENT_NOT_FOUND');
    return statement;
  }

  return {
    /**
     * Reads an uploaded statement: finds its table, its columns (given, remembered for this header
     * row, or recognised; else 422 MAPPING_REQUIRED with what the web needs to ask), keeps the
     * credits not imported before and matches each to the payments buyers reported.
     */
    async upload(actor: AuthContext, upload: StatementUpload): Promise<StatementUploadResult> {
      const { file } = upload;
      const bankCode = upload.bankCode ?? null;
      const table = locateTable(file.rows);
      if (!table) throw new UnprocessableError(reconciliationMessages.noHeader, 'STATEMENT_HEADER_NOT_FOUND');
      const recognized = recognizeColumns(table.columns);
      const mapping =
        upload.mapping ?? (await repo.findLayout(db, table.signature, bankCode)) ?? recognized.mapping;
      if (!mapping) {
        const details: MappingRequiredDetails = {
          columns: table.columns,
          sample: sampleRows(file.rows, table),
          suggested: recognized.suggested,
        };
        throw new UnprocessableError(reconciliationMessages.mappingRequired, 'MAPPING_REQUIRED', details);
      }
      const { missing, indexes } = resolveMapping(table.columns, mapping);
      if (missing.length > 0) {
        const fields = missing.map((m) => ({
          path: `mapping.${m.field}`,
          message: reconciliationMessages.unknownColumn(m.name),
        }));
        throw new UnprocessableError(fields[0]?.message ?? '', 'VALIDATION_ERROR', { fields });
      }
      const read = readEntries(file.rows, table, indexes);
      if (read.entries.length === 0 && read.debits === 0)
        throw new UnprocessableError(reconciliationMessages.noMovements, 'EMPTY_STATEMENT');
      // A mapping the admin chose is remembered once it read something: next time it is not asked.
      if (upload.mapping)
        await repo.saveLayout(db, { signature: table.signature, bankCode, mapping, createdBy: actor.userId });

      const imported = await repo.existingChecksums(
        db,
        read.entries.map((e) => e.checksum),
      );
      const fresh = read.entries.filter((e) => !imported.has(e.checksum));
      const keys = [...new Set(fresh.flatMap((e) => (e.referenceKey ? [e.referenceKey] : [])))];
      const days = fresh.map((e) => e.postedOn).sort();
      const candidates =
        days.length === 0
          ? []
          : await repo.paymentCandidates(
              db,
              daysBefore(days[0] as string, PAYMENT_WINDOW_DAYS),
              daysBefore(days[days.length - 1] as string, -PAYMENT_WINDOW_DAYS),
            );
      const matches = matchEntries(fresh, candidates, await repo.importedReferenceKeys(db, keys));

      const { statement, kept } = await db.transaction((tx) =>
        repo.insertStatement(
          tx,
          {
            fileName: file.name,
            fileType: file.kind,
            fileSha256: file.sha256,
            bankCode,
            layoutSignature: table.signature,
            uploadedBy: actor.userId,
            skippedAlreadyImported: imported.size,
            debitsIgnored: read.debits,
            unreadableLines: read.unreadableLines,
          },
          fresh.map((entry, i) => {
            const match = matches[i] as (typeof matches)[number];
            return {
              line: entry.line,
              checksum: entry.checksum,
              postedOn: entry.postedOn,
              reference: entry.reference,
              referenceKey: entry.referenceKey,
              description: entry.description,
              amountVesCents: entry.amountVesCents,
              state: match.state,
              matches: match.payments.map((p) => ({ paymentId: p.id, expectedVesCents: p.expectedVesCents })),
            };
          }),
        ),
      );
      const [summary] = await summarize([statement]);
      const result = summary as StatementSummary;
      // Rows a concurrent upload of the same statement kept first count as already imported.
      const raced = fresh.length - kept;
      return {
        ...result,
        statement_id: statement.id,
        skipped_already_imported: result.skipped_already_imported + raced,
      };
    },

    async list(): Promise<StatementSummary[]> {
      return summarize(await repo.recentStatements(db, RECENT_STATEMENTS));
    },

    async get(id: string): Promise<StatementDetail> {
      const statement = await requireStatement(id);
      const [rows, matches, [summary]] = await Promise.all([
        repo.rows(db, id),
        repo.matchesOf(db, id),
        summarize([statement]),
      ]);
      const byRow = new Map<string, typeof matches>();
      for (const m of matches) byRow.set(m.rowId, [...(byRow.get(m.rowId) ?? []), m]);
      return {
        statement: summary as StatementSummary,
        rows: rows.map((row) => ({
          id: row.id,
          line: row.line,
          posted_on: row.postedOn,
          reference: row.reference,
          description: row.description,
          amount_ves_cents: row.amountVesCents,
          state: row.state as StatementDetail['rows'][number]['state'],
          payments: (byRow.get(row.id) ?? []).map((m) => ({
            id: m.payment.id,
            status: m.payment.status as 'pending' | 'approved' | 'rejected',
            ticket_id: m.ticket.id,
            ticket_number: m.ticket.ticketNumber,
            raffle_id: m.raffle.id,
            raffle_name: m.raffle.name,
            buyer_name: m.ticket.buyerName,
            amount_cents: m.payment.amountCents,
            rate_to_usd: m.payment.rateToUsd === null ? null : Number(m.payment.rateToUsd),
            expected_ves_cents: m.expectedVesCents,
            reference: m.payment.reference,
            payment_date: m.payment.paymentDate.toISOString(),
            confirmed: m.confirmedAt !== null,
          })),
        })),
      };
    },

    /**
     * "Aprobar N coincidencias": every payment of the statement's matched rows, approved by the
     * payments module with a manual approval's re-checks, in chunks of 10 per transaction (a few at a time on PostgreSQL) (one by
     * one when a chunk fails, or without `approvePayments`). One that fails (already decided,
     * ticket released, more than owed) is reported and the others go on. Each approval is then
     * recorded as confirmed by its row. One run per statement at a time.
     */
    async approve(actor: AuthContext, id: string): Promise<StatementApproval> {
      await requireStatement(id);
      if (!(await repo.claimApproval(db, id)))
        throw new ConflictError(reconciliationMessages.approvalRunning, 'APPROVAL_RUNNING');
      const approved: string[] = [];
      const failed: StatementApproval['failed'] = [];
      let confirmed: Match[] = [];
      const record = async () => {
        const batch = confirmed;
        confirmed = [];
        await repo.confirm(db, batch, actor.userId);
      };
      const note = reconciliationMessages.approvedNote;
      const approveOne = async (match: Match) => {
        try {
          await deps.approvePayment(actor, match.paymentId, note);
          approved.push(match.paymentId);
          confirmed.push(match);
        } catch (error) {
          if (error instanceof AppError && error.statusCode < 500) {
            failed.push({ payment_id: match.paymentId, code: error.code, message: error.message });
          } else {
            deps.log?.error({ err: error, paymentId: match.paymentId }, 'statement approval failed');
            failed.push({
              payment_id: match.paymentId,
              code: 'APPROVAL_FAILED',
              message: reconciliationMessages.approvalFailed,
            });
          }
        }
      };
      const approveChunk = async (chunk: Match[]) => {
        const { approvePayments } = deps;
        if (approvePayments) {
          try {
            await approvePayments(
              actor,
              chunk.map((m) => m.paymentId),
              note,
            );
            approved.push(...chunk.map((m) => m.paymentId));
            confirmed.push(...chunk);
            return;
          } catch {
            // Which one failed, and why, is found out one by one below.
          }
        }
        for (const match of chunk) await approveOne(match);
      };
      try {
        const chunks = chunksByTicket(await repo.toApprove(db, id), APPROVAL_CHUNK);
        let next = 0;
        // Each chunk is one short transaction, so a reservation waits for a chunk (or, on PostgreSQL,
        // a lock of one) at most, never for the whole statement.
        await Promise.all(
          Array.from({ length: Math.min(Math.max(1, deps.approvalConcurrency), chunks.length) }, async () => {
            while (next < chunks.length) {
              await approveChunk(chunks[next++] as Match[]);
              await record();
            }
          }),
        );
      } finally {
        await repo.releaseApproval(db, id);
      }
      return { approved, failed };
    },

    bankConfirmedReferences: (keys: string[]) => bankConfirmedReferences(db, keys),
  };
}
