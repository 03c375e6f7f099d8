import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { raffleKeys } from '@/api/raffles';
import { isApiError } from '@/lib/api-error';
import { raffleDetailTexts } from '../texts';

/**
 * What a failed lucky pick says. The raffle may close while its page is open (a phone's clock behind
 * the server's, the tap at the closing minute): the server answers 409 RAFFLE_CLOSED with «Esta rifa
 * ya cerró…», shown as is, not under «Inténtalo de nuevo», and the raffle is read again so the page
 * turns closed and stops offering the picker.
 */
export function useLuckyPickFailure(raffleId: string) {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (isApiError(error) && error.code === 'RAFFLE_CLOSED') {
      toast.error(error.message, { id: 'lucky-raffle-closed' });
      void queryClient.invalidateQueries({ queryKey: raffleKeys.publicDetail(raffleId), exact: true });
      return;
    }
    toast.error(raffleDetailTexts.lucky.error, {
      description: error instanceof Error ? error.message : undefined,
    });
  };
}
