import type { CreateUserInput, User } from '@domain/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

/** POST /api/users (admin): 422 `reasons` for a weak password, 409 for a duplicate e-mail or phone. */
export const createUser = (input: CreateUserInput): Promise<User> => api.post<User>('/users', input);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
