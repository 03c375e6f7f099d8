import type { UpdateUserInput, User } from '@domain/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export type UpdateUserVariables = { id: string; data: UpdateUserInput };

/** PATCH /api/users/:id (admin): role, name, phone, password or disabled. */
export const updateUser = ({ id, data }: UpdateUserVariables): Promise<User> =>
  api.patch<User>(`/users/${encodeURIComponent(id)}`, data);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
