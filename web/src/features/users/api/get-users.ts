import { type User, userSchema } from '@domain/users';
import { z } from '@domain/zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const usersQueryKey = ['users'] as const;

/** GET /api/users (admin). */
export async function getUsers(): Promise<User[]> {
  return z.array(userSchema).parse(await api.get<unknown>('/users'));
}

export const getUsersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });

export const useUsers = () => useQuery(getUsersQueryOptions());
