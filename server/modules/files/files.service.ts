import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { RaffleImageWidth } from '../../../domain/images';
import { raffleMessages } from '../../../domain/raffles';
import { reservationMessages } from '../../../domain/reservations';
import { isStaffRole } from '../../../domain/roles';
import { filesMessages, MAX_UPLOAD_BYTES } from '../../../domain/uploads';
import type { Db, Executor } from '../../db/client';
import { withAdvisoryLock } from '../../lib/advisory-lock';
import type { AuthContext } from '../../lib/auth-context';
import { freeDiskMb } from '../../lib/disk-space';
import {
  AppError,
  BadRequestError,
  ForbiddenError,
  InsufficientStorageError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  UnprocessableError,
} from '../../lib/errors';
import { jobRunsRepo } from '../../lib/job-runs';
import { LOCK_KEYS } from '../../lib/lock-keys';
import { forbidden, managedRaffles } from '../../lib/permissions';
import { isStorageKey, type Storage } from '../../lib/storage';
import { detectFileType, isImage } from './file-type';
import { type FileKind, type FileRow, filesRepo } from './files.repo';
import { imagePixels, MAX_INPUT_PIXELS, makeImageVariants, variantKey } from './image-variants';
import type { UploadQuota } from './upload-quota';

/**
 * The stored payment proof behind a URL a client sent, about to go on a sale or payment of `raffleId`
 * (for its content hash); null, or a 422 naming the field, when there is none or it is another
 * raffle's (decision 079). `executor`: the caller's transaction, if it has one open.
 */
export type ResolvePaymentProof = (
  fileUrl: string,
  on: { raffleId: string; executor?: Executor },
) => Promise<{ sha256: string } | null>;

export type { FileKind } from './files.repo';

/** Exactly what an upload answers (`fileUrl`): a path of this server, never another host's URL. */
const FILE_URL = /^\/api\/files\/([^/?#]+)$/;
export const fileUrlFor = (key: string) => `/api/files/${key}`;

/** The global upload budget's one key: every address together. */
const ALL_ADDRESSES = '*';

/**
 * A payment proof no sale or payment points at is deleted this long after its upload (issue 21:
 * an hour; files nobody sends cannot pile up on the disk the database shares).
 */
export const ORPHAN_PROOF_MINUTES = 60;
/** An unattached proof is refused 15 minutes before the cleanup may take it, so the two never race. */
const PROOF_USABLE_MINUTES = ORPHAN_PROOF_MINUTES - 15;
const MINUTE_MS = 60_000;
const ORPHAN_BATCH = 500;
const MAX_ORPHAN_BATCHES = 20;
export const ORPHAN_PROOFS_JOB = 'orphan-proofs';

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, 'FILE_TOO_LARGE', message);
  }
}
export class UnsupportedFileTypeError extends AppError {
  constructor(message: string) {
    super(415, 'UNSUPPORTED_FILE_TYPE', message);
  }
}

const quotaExceeded = () => new TooManyRequestsError(filesMessages.quotaExceeded, 'UPLOAD_QUOTA_EXCEEDED');
const budgetExceeded = () =>
  new TooManyRequestsError(filesMessages.budgetExceeded, 'UPLOAD_BUDGET_EXCEEDED', 600);

function assertStaff(actor: AuthContext | undefined, signInMessage: string): asserts actor is AuthContext {
  if (!actor) throw new UnauthorizedError(signInMessage, 'session_missing');
  if (!isStaffRole(actor.role)) throw forbidden();
}

export type FilesService = ReturnType<typeof createFilesService>;

export function createFilesService(deps: {
  db: Db;
  storage: Storage;
  /** Bytes per address per hour. */
  quota?: UploadQuota;
  /** Bytes of every address together per hour (counted under one key). */
  budget?: UploadQuota;
  /** Uploads stop while the disk of `dir` has less than `minFreeMb` free (0: no check). */
  disk?: { dir: string; minFreeMb: number };
}) {
  const { db, storage, quota, budget } = deps;

  /** 507 while the disk the database lives on is nearly full: `bytes` more must leave the margin. */
  async function assertDiskRoom(bytes = 0) {
    if (!deps.disk || deps.disk.minFreeMb <= 0) return;
    const free = await freeDiskMb(deps.disk.dir);
    if (free !== null && free - bytes / (1024 * 1024) < deps.disk.minFreeMb) {
      throw new InsufficientStorageError(filesMessages.diskAlmostFull);
    }
  }

  /** Who may upload what: anyone a payment proof, only staff a raffle image. */
  function authorizeUpload(kind: FileKind, actor?: AuthContext) {
    if (kind === 'raffle-image') assertStaff(actor, filesMessages.signInToUpload);
  }

  /**
   * A proof shows a buyer's bank data: whoever manages every raffle (an admin) sees any; others one
   * on a sale or payment of a raffle they manage, or one they uploaded that is on no sale or payment yet.
   */
  async function authorizeProofRead(file: FileRow, actor?: AuthContext) {
    assertStaff(actor, filesMessages.signInToView);
    const scope = managedRaffles(actor);
    if (scope.kind === 'all') return;
    if (await filesRepo.isOnManagedRaffle(db, file, scope)) return;
    if (file.uploadedBy === actor.userId && !(await filesRepo.isAttached(db, file))) return;
    throw new ForbiddenError(filesMessages.notYourProof, 'NOT_YOUR_PROOF');
  }

  /** The upload a client's URL names, or why it cannot be used. */
  async function findUpload(
    fileUrl: string,
    kind: FileKind,
    executor: Executor = db,
  ): Promise<{ file: FileRow } | { problem: 'unknown' | 'expired' }> {
    const key = FILE_URL.exec(fileUrl)?.[1];
    const file = key && isStorageKey(key) ? await filesRepo.findByKey(executor, key) : null;
    if (!file || file.kind !== kind) return { problem: 'unknown' };
    const usableSince = Date.now() - PROOF_USABLE_MINUTES * MINUTE_MS;
    if (
      kind === 'payment-proof' &&
      file.createdAt.getTime() < usableSince &&
      !(await filesRepo.isAttached(executor, file))
    ) {
      return { problem: 'expired' };
    }
    return { file };
  }

  /** A raffle photo over 40 megapixels is refused from its header, before anything decodes it. */
  async function assertDecodableSize(bytes: Buffer) {
    const pixels = await imagePixels(bytes);
    if (pixels === null) throw new UnprocessableError(filesMessages.imageUnreadable, 'IMAGE_UNREADABLE');
    if (pixels > MAX_INPUT_PIXELS) {
      const megapixels = Math.round(pixels / 1_000_000);
      throw new UnprocessableError(filesMessages.imageTooManyPixels(megapixels), 'IMAGE_TOO_MANY_PIXELS', {
        megapixels,
        max_megapixels: MAX_INPUT_PIXELS / 1_000_000,
      });
    }
  }

  const service = {
    authorizeUpload,

    /** Before the body is read: an IP that stored its hourly bytes already gets 429 at once. */
    async assertQuotaLeft(ip?: string) {
      if (quota && ip && (await quota.exhausted(ip))) throw quotaExceeded();
      if (budget && (await budget.exhausted(ALL_ADDRESSES))) throw budgetExceeded();
      await assertDiskRoom();
    },

    /** `ip` counts the stored bytes (the original and a photo's copies) against UPLOAD_BYTES_PER_HOUR. */
    async upload(input: { bytes: Buffer; kind: FileKind; actor?: AuthContext; ip?: string }) {
      authorizeUpload(input.kind, input.actor);
      const { bytes, kind, ip } = input;
      if (bytes.length > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(filesMessages.tooLarge);
      if (bytes.length === 0) throw new BadRequestError(filesMessages.emptyFile, 'EMPTY_FILE');
      const type = detectFileType(bytes);
      if (!type) throw new UnsupportedFileTypeError(filesMessages.unsupportedType);
      if (kind === 'raffle-image' && !isImage(type))
        throw new UnsupportedFileTypeError(filesMessages.imageOnly);
      if (kind === 'raffle-image') await assertDecodableSize(bytes);

      await assertDiskRoom(bytes.length * 2); // the original and, for a photo, its copies
      const counter = quota && ip ? { quota, ip } : null;
      if (counter && !(await counter.quota.take(counter.ip, bytes.length))) throw quotaExceeded();
      if (budget && !(await budget.take(ALL_ADDRESSES, bytes.length))) {
        if (counter) await counter.quota.giveBack(counter.ip, bytes.length);
        throw budgetExceeded();
      }
      let counted = bytes.length;
      // Copies first: if the image library fails or runs out of memory, nothing is stored yet.
      const variants = kind === 'raffle-image' ? await makeImageVariants(bytes) : null;
      if (kind === 'raffle-image' && !variants) {
        // Every photo shown is served from its copies: one the library cannot read is not taken.
        if (counter) await counter.quota.giveBack(counter.ip, counted);
        await budget?.giveBack(ALL_ADDRESSES, bytes.length);
        throw new UnprocessableError(filesMessages.imageUnreadable, 'IMAGE_UNREADABLE');
      }
      const key = `${randomUUID()}.${type.extension}`;
      const stored = [key, ...(variants ?? []).map((v) => variantKey(key, v.width))];
      try {
        // The copies are stored bytes too; they never refuse an upload already under way.
        const copies = (variants ?? []).reduce((sum, v) => sum + v.bytes.length, 0);
        if (counter && copies > 0) {
          await counter.quota.add(counter.ip, copies);
          counted += copies;
        }
        await storage.put(key, bytes, type.contentType);
        for (const variant of variants ?? []) {
          await storage.put(variantKey(key, variant.width), variant.bytes, 'image/webp');
        }
        await filesRepo.insert(db, {
          key,
          kind,
          contentType: type.contentType,
          sizeBytes: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          uploadedBy: input.actor?.userId ?? null,
        });
      } catch (error) {
        await Promise.all(stored.map((k) => storage.delete(k).catch(() => {})));
        if (counter) await counter.quota.giveBack(counter.ip, counted);
        await budget?.giveBack(ALL_ADDRESSES, bytes.length);
        throw error;
      }
      return { fileUrl: fileUrlFor(key), key };
    },

    /**
     * The file and its metadata; a payment proof only for an admin or the seller of its raffle
     * (authorizeProofRead). With `width`, a raffle photo's WebP copy of that width (`variant`
     * set), or the original when no copy exists.
     */
    async open(
      key: string,
      actor?: AuthContext,
      width?: RaffleImageWidth,
    ): Promise<{
      file: FileRow;
      stream: Readable;
      variant: { key: string; width: RaffleImageWidth } | null;
    }> {
      const file = isStorageKey(key) ? await filesRepo.findByKey(db, key) : null;
      if (!file) throw new NotFoundError(filesMessages.notFound, 'FILE_NOT_FOUND');
      if (file.kind !== 'raffle-image') await authorizeProofRead(file, actor);
      if (width && file.kind === 'raffle-image') {
        const copy = variantKey(key, width);
        const stream = await storage.get(copy);
        if (stream) return { file, stream, variant: { key: copy, width } };
      }
      const stream = await storage.get(key);
      if (!stream) throw new NotFoundError(filesMessages.notFound, 'FILE_NOT_FOUND');
      return { file, stream, variant: null };
    },

    /**
     * The upload behind a URL given by a client (a reservation's `payment_proof`, a raffle's
     * `images`): only this server's own `/api/files/<key>`, of the expected kind. Null otherwise.
     */
    async resolveUpload(fileUrl: string, kind: FileKind): Promise<{ key: string; sha256: string } | null> {
      const found = await findUpload(fileUrl, kind);
      return 'file' in found ? { key: found.file.key, sha256: found.file.sha256 } : null;
    },

    /**
     * A payment proof about to go on a sale or payment of `raffleId`: requireUpload, and a 422 when
     * it is already on another raffle's (decision 079): whoever manages a raffle may read the proofs
     * on it, so a proof put on a second raffle would be read by that raffle's staff.
     */
    async requirePaymentProof(
      fileUrl: string,
      on: { raffleId: string; executor?: Executor },
    ): Promise<{ key: string; sha256: string }> {
      const executor = on.executor ?? db;
      const proof = await service.requireUpload(fileUrl, 'payment-proof', 'payment_proof', executor);
      if (await filesRepo.onAnotherRaffle(executor, proof, on.raffleId)) {
        const message = filesMessages.proofOfAnotherRaffle;
        throw new UnprocessableError(message, 'INVALID_PAYMENT_PROOF', {
          fields: [{ path: 'payment_proof', message }],
        });
      }
      return proof;
    },

    /** resolveUpload, or a 422 naming `field` (for the form) with the reason in Spanish. */
    async requireUpload(
      fileUrl: string,
      kind: FileKind,
      field: string,
      executor: Executor = db,
    ): Promise<{ key: string; sha256: string }> {
      const found = await findUpload(fileUrl, kind, executor);
      if ('file' in found) return { key: found.file.key, sha256: found.file.sha256 };
      const message =
        found.problem === 'expired'
          ? filesMessages.proofExpired
          : kind === 'payment-proof'
            ? reservationMessages.invalidProof
            : raffleMessages.invalidImage;
      const code = kind === 'payment-proof' ? 'INVALID_PAYMENT_PROOF' : 'VALIDATION_ERROR';
      throw new UnprocessableError(message, code, { fields: [{ path: field, message }] });
    },

    /**
     * The cleanup job's run: payment proofs no sale or payment points at, uploaded more than
     * ORPHAN_PROOF_MINUTES before `now`, lose their row, then their bytes. One instance at a time
     * (advisory lock): 'busy' when another holds it. A file whose bytes the storage failed to
     * delete counts in `left_in_storage` (its row is gone, so nothing serves it).
     */
    async deleteOrphanProofs(
      now = new Date(),
    ): Promise<{ deleted: number; bytes: number; left_in_storage: number } | 'busy'> {
      const before = new Date(now.getTime() - ORPHAN_PROOF_MINUTES * MINUTE_MS);
      const outcome = await withAdvisoryLock(db, LOCK_KEYS.orphanProofs, async () => {
        const result = { deleted: 0, bytes: 0, left_in_storage: 0 };
        for (let batch = 0; batch < MAX_ORPHAN_BATCHES; batch++) {
          const rows = await filesRepo.deleteOrphanProofs(db, before, ORPHAN_BATCH);
          for (const row of rows) {
            try {
              await storage.delete(row.key);
              result.deleted += 1;
              result.bytes += row.sizeBytes;
            } catch {
              result.left_in_storage += 1;
            }
          }
          if (rows.length < ORPHAN_BATCH) break;
        }
        await jobRunsRepo.record(db, ORPHAN_PROOFS_JOB, result);
        return result;
      });
      return outcome.acquired ? outcome.value : 'busy';
    },
  };
  return service;
}
