import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { S3Config } from '../config';
import { isStorageKey, type Storage } from './storage-contract';

export { isStorageKey, STORAGE_KEY_PATTERN, type Storage } from './storage-contract';

/** A bucket when S3_BUCKET is set (the AWS SDK is loaded only then), else a folder on disk. */
export async function openStorage(options: { s3: S3Config } | { dir: string }): Promise<Storage> {
  if ('dir' in options) return createDiskStorage(options.dir);
  const { createS3Storage } = await import('./s3-storage');
  return createS3Storage(options.s3);
}

function assertKey(key: string) {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** Files under one folder (`DATA_DIR/uploads`), written atomically (temp file, then rename). */
export function createDiskStorage(dir: string): Storage {
  let ready: Promise<unknown> | null = null;
  const ensureDir = () => {
    ready ??= fs.promises.mkdir(dir, { recursive: true });
    return ready;
  };
  const fullPath = (key: string) => {
    assertKey(key);
    return path.join(dir, key);
  };

  return {
    async put(key, bytes) {
      const target = fullPath(key);
      await ensureDir();
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.promises.writeFile(temp, bytes, { flag: 'wx' });
        await fs.promises.rename(temp, target);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        // Opening first tells "missing" apart from a read error later in the stream.
        const handle = await fs.promises.open(fullPath(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      await fs.promises.rm(fullPath(key), { force: true });
    },
  };
}
