import { z } from './zod';

/** `POST /api/uploads` (201): where the file is served and its storage key. */
export const uploadedFileSchema = z.object({ fileUrl: z.string(), key: z.string() });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
