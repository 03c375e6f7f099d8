import type { PublicRaffle } from '@domain/raffles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getPublicRaffleQueryOptions } from '@/api/raffles';
import { getDrawQueryOptions } from '../api/get-draw';
import { getProof } from '../api/get-proof';
import { getReceiptKeyQueryOptions, receiptKeyBytes } from '../api/get-receipt-key';
import type { SealedDraw } from '../sealed-draw';
import type { VerifyRequest } from '../verify-form-input';
import { type NumberVerdict, type ReceiptVerdict, verifyNumber, verifyReceipt } from '../verify-number';

export type VerifyOutcome = {
  raffle: PublicRaffle;
  draw: SealedDraw;
  number: NumberVerdict | null;
  receipt: ReceiptVerdict | null;
};

/**
 * Runs "Verifica tu número": the raffle (for its digit count), its draw answer as it stands now
 * (the published root), then the proofs; the receipt key only when a receipt was loaded.
 */
export function useVerifyNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ raffleId, query, receipt }: VerifyRequest): Promise<VerifyOutcome> => {
      const [raffle, draw] = await Promise.all([
        queryClient.fetchQuery(getPublicRaffleQueryOptions(raffleId)),
        queryClient.fetchQuery({ ...getDrawQueryOptions(raffleId), staleTime: 0 }),
      ]);
      const sealed: SealedDraw = draw;
      const source = { draw: sealed, getProof: (number: number) => getProof(raffleId, number) };
      const publicKey = async () =>
        receiptKeyBytes(await queryClient.fetchQuery(getReceiptKeyQueryOptions()));
      const [number, receiptVerdict] = await Promise.all([
        query ? verifyNumber(query, raffle.digit_count, source) : null,
        receipt ? verifyReceipt(receipt.receipt, raffleId, publicKey, source) : null,
      ]);
      return { raffle, draw: sealed, number, receipt: receiptVerdict };
    },
  });
}
