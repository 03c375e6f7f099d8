import { type RaffleStatus, raffleStatusLabels } from '@domain/raffles';
import { Badge } from '@/components/ui/badge';

const variants = {
  borrador: 'neutral',
  activa: 'success',
  cerrada: 'warning',
  finalizada: 'brand',
} as const satisfies Record<RaffleStatus, string>;

export function RaffleStatusBadge({ status }: { status: RaffleStatus }) {
  return <Badge variant={variants[status]}>{raffleStatusLabels[status]}</Badge>;
}
