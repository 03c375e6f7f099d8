import type { RaffleSellers, SellerMe, SellerRaffles } from '@domain/seller-network';
import type { User } from '@domain/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { raffleApiPath, raffleKeys } from './raffles';

/**
 * The seller network (decision 036): who sells which raffle, and a vendedor's own links. Shared
 * by the raffle form, the users screen and the vendedor's dashboard.
 */
export const sellerKeys = {
  all: ['sellers'] as const,
  me: () => [...sellerKeys.all, 'me'] as const,
  ofRaffle: (raffleId: string) => [...sellerKeys.all, 'raffle', raffleId] as const,
  rafflesOf: (sellerId: string) => [...sellerKeys.all, 'seller', sellerId] as const,
  vendedores: () => [...sellerKeys.all, 'vendedores'] as const,
};

/** The vendedores an admin may assign (from `GET /api/users`, admins only). */
export const useVendedores = (enabled = true) =>
  useQuery({
    queryKey: sellerKeys.vendedores(),
    queryFn: async () =>
      (await api.get<User[]>('/users')).filter((u) => u.role === 'vendedor' && !u.disabled),
    enabled,
  });

export const useRaffleSellers = (raffleId: string, enabled = true) =>
  useQuery({
    queryKey: sellerKeys.ofRaffle(raffleId),
    queryFn: () => api.get<RaffleSellers>(`${raffleApiPath(raffleId)}/sellers`),
    enabled: enabled && raffleId !== '',
  });

export const setRaffleSellers = (raffleId: string, sellerIds: string[]) =>
  api.put<RaffleSellers>(`${raffleApiPath(raffleId)}/sellers`, { seller_ids: sellerIds });

export const useSellerRaffles = (sellerId: string, enabled = true) =>
  useQuery({
    queryKey: sellerKeys.rafflesOf(sellerId),
    queryFn: () => api.get<SellerRaffles>(`/sellers/${encodeURIComponent(sellerId)}/raffles`),
    enabled,
  });

export function useSetSellerRaffles(sellerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (raffleIds: string[]) =>
      api.put<SellerRaffles>(`/sellers/${encodeURIComponent(sellerId)}/raffles`, { raffle_ids: raffleIds }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sellerKeys.all }),
        queryClient.invalidateQueries({ queryKey: raffleKeys.all }),
      ]),
  });
}

export const mySellerLinksQueryOptions = () =>
  queryOptions({ queryKey: sellerKeys.me(), queryFn: () => api.get<SellerMe>('/sellers/me') });

export const useMySellerLinks = (enabled = true) => useQuery({ ...mySellerLinksQueryOptions(), enabled });
