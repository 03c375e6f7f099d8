import { formatDateTime } from '@domain/dates';
import type { PublicRaffle } from '@domain/raffles';
import { sealedDrawTexts } from '../sealed-draw-texts';
import { raffleDetailTexts } from '../texts';

const t = sealedDrawTexts.source;

type Declared = Pick<
  PublicRaffle,
  'draw_kind' | 'draw_lottery' | 'draw_at' | 'draw_rule_text' | 'draw_source'
>;

/**
 * How the winner is decided, as declared before the first sale (issue 19): "Se sortea con <lotería>
 * del <fecha>" and its rule, or the drand beacon; a raffle that declared none keeps its free text.
 */
export function DeclaredSource({ raffle }: { raffle: Declared }) {
  if (raffle.draw_kind === 'loteria' && raffle.draw_lottery) {
    return (
      <span className="grid gap-0.5" data-testid="declared-source">
        <span>{t.lottery(raffle.draw_lottery, raffle.draw_at ? formatDateTime(raffle.draw_at) : null)}</span>
        {raffle.draw_rule_text && <span className="font-normal text-zinc-700">{raffle.draw_rule_text}</span>}
        <span className="text-xs font-normal text-zinc-500">{t.declaredBefore}</span>
      </span>
    );
  }
  if (raffle.draw_kind === 'drand') {
    return (
      <span className="grid gap-0.5" data-testid="declared-source">
        <span>{t.drand}</span>
        <span className="text-xs font-normal text-zinc-500">{t.declaredBefore}</span>
      </span>
    );
  }
  return <>{raffle.draw_source ? t.legacy(raffle.draw_source) : raffleDetailTexts.hero.drawDefault}</>;
}
