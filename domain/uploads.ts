import { z } from './zod';

/** The largest file `POST /api/uploads` takes (the web checks it before sending). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** `POST /api/uploads` (201): where the file is served and its storage key. */
export const uploadedFileSchema = z.object({ fileUrl: z.string(), key: z.string() });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
