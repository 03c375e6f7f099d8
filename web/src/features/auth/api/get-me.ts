import type { meResponseSchema } from '@domain/auth';
import type { z } from '@domain/zod';
import { api } from '@/lib/api-client';

export type MeResponse = z.infer<typeof meResponseSchema>;

/** GET /api/auth/me: the signed-in user and their profile (role included). */
export async function getMe(): Promise<MeResponse> {
  const body = await api.get<unknown>('/auth/me');
  // Loaded here, not with the app: only a signed-in user gets this far, and a buyer's pages then
  // do not download the validation library.
  const { meResponseSchema } = await import('@domain/auth');
  return meResponseSchema.parse(body);
}
