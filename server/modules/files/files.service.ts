import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { RaffleImageWidth } from '../../../domain/images';
import { messages } from '../../../domain/messages';
import type { Db } from '../../db/client';
import {
  AppError,
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../../lib/errors';
import { isStorageKey, type Storage } from '../../lib/storage';
import type { AuthContext } from '../auth/auth.service';
import { detectFileType, isImage } from './file-type';
import { filesMessages } from './files.messages';
import { type FileKind, type FileRow, filesRepo } from './files.repo';
import { makeImageVariants, variantKey } from './image-variants';

export type { FileKind } from './files.repo';
export const FILE_KINDS = ['payment-proof', 'raffle-image'] as const satisfies readonly FileKind[];
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const FILE_URL = /^(?:https?:\/\/[^/?#]+)?\/api\/files\/([^/?#]+)$/;
export const fileUrlFor = (key: string) => `/api/files/${key}`;

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

const isStaff = (actor?: AuthContext) => actor?.role === 'admin' || actor?.role === 'vendedor';

function assertStaff(actor: AuthContext | undefined, signInMessage: string) {
  if (!actor) throw new UnauthorizedError(signInMessage, 'session_missing');
  if (!isStaff(actor)) throw new ForbiddenError(messages.auth.forbidden);
}

export type FilesService = ReturnType<typeof createFilesService>;

export function createFilesService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  /** Who may upload what: anyone a payment proof, only staff a raffle image. */
  function authorizeUpload(kind: FileKind, actor?: AuthContext) {
    if (kind === 'raffle-image') assertStaff(actor, filesMessages.signInToUpload);
  }

  return {
    authorizeUpload,

    async upload(input: { bytes: Buffer; kind: FileKind; actor?: AuthContext }) {
      authorizeUpload(input.kind, input.actor);
      const { bytes, kind } = input;
      if (bytes.length > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(filesMessages.tooLarge);
      if (bytes.length === 0) throw new BadRequestError(filesMessages.emptyFile, 'EMPTY_FILE');
      const type = detectFileType(bytes);
      if (!type) throw new UnsupportedFileTypeError(filesMessages.unsupportedType);
      if (kind === 'raffle-image' && !isImage(type))
        throw new UnsupportedFileTypeError(filesMessages.imageOnly);

      // Copies first: if the image library fails or runs out of memory, nothing is stored yet.
      const variants = kind === 'raffle-image' ? await makeImageVariants(bytes) : null;
      const key = `${randomUUID()}.${type.extension}`;
      const stored = [key, ...(variants ?? []).map((v) => variantKey(key, v.width))];
      try {
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
        throw error;
      }
      return { fileUrl: fileUrlFor(key), key };
    },

    /**
     * The file and its metadata; payment proofs only for staff. With `width`, a raffle photo's WebP
     * copy of that width (`variant` set), or the original when no copy exists.
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
      if (file.kind !== 'raffle-image') assertStaff(actor, filesMessages.signInToView);
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
     * Checks that a URL given by a client (e.g. a reservation's `payment_proof`) is a file uploaded
     * here, of the expected kind. Returns its key and content hash, or null.
     */
    async resolveUpload(fileUrl: string, kind: FileKind): Promise<{ key: string; sha256: string } | null> {
      const key = FILE_URL.exec(fileUrl.trim())?.[1];
      if (!key || !isStorageKey(key)) return null;
      const file = await filesRepo.findByKey(db, key);
      return file && file.kind === kind ? { key: file.key, sha256: file.sha256 } : null;
    },
  };
}
