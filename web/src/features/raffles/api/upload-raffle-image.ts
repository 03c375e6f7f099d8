import type { UploadedFile } from '@domain/uploads';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { UploadedFile };

/** `POST /api/uploads?kind=raffle-image` (staff, multipart `file`): a public prize photo. */
export function uploadRaffleImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return api.post<UploadedFile>('/uploads', form, { query: { kind: 'raffle-image' } });
}

/** Nothing to invalidate: the image only belongs to a raffle once the form is saved. */
export const useUploadRaffleImage = () => useMutation({ mutationFn: uploadRaffleImage });
