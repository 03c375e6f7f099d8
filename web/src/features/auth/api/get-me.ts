import { meResponseSchema } from '@domain/auth';
import type { z } from '@domain/zod';
import { api } from '@/lib/api-client';

export type MeResponse = z.infer<typeof meResponseSchema>;

/** GET /api/auth/me: the signed-in user and their profile (role included). */
export async function getMe(): Promise<MeResponse> {
  return meResponseSchema.parse(await api.get<unknown>('/auth/me'));
}
