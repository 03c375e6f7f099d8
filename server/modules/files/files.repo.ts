import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { files } from '../../db/schema';

export type FileKind = 'payment-proof' | 'raffle-image';
export type FileRow = typeof files.$inferSelect;

export const filesRepo = {
  async insert(
    db: Executor,
    values: {
      key: string;
      kind: FileKind;
      contentType: string;
      sizeBytes: number;
      sha256: string;
      uploadedBy: string | null;
    },
  ): Promise<void> {
    await db.insert(files).values(values);
  },

  async findByKey(db: Executor, key: string): Promise<FileRow | null> {
    const [row] = await db.select().from(files).where(eq(files.key, key));
    return row ?? null;
  },
};
