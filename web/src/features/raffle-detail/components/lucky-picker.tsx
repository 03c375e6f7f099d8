import { MAX_NUMBERS_PER_RESERVATION, padTicketNumber } from '@domain/tickets';
import { Dices, Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useLuckyPick } from '../api/lucky-pick';
import { useLuckyPickFailure } from '../hooks/use-lucky-pick-failure';
import { useRaffleStore } from '../store/raffle-store';
import { raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.lucky;

type LuckyPickerProps = { raffleId: string; digitCount: number };

/** "Maquinita de la suerte": the server picks N available numbers, skipping the ones already chosen. */
export function LuckyPicker({ raffleId, digitCount }: LuckyPickerProps) {
  const [count, setCount] = useState(1);
  const pick = useLuckyPick();
  const failed = useLuckyPickFailure(raffleId);
  const selection = useRaffleStore((s) => s.selection);
  const room = MAX_NUMBERS_PER_RESERVATION - selection.length;
  const wanted = Math.max(1, Math.min(count, room));

  const onPick = async () => {
    try {
      const { numbers } = await pick.mutateAsync({ raffleId, count: wanted, exclude: selection });
      if (numbers.length === 0) return void toast.info(t.none);
      const store = useRaffleStore.getState();
      store.select(numbers);
      store.highlight(numbers[0] as number);
      const list = numbers.map((n) => padTicketNumber(n, digitCount));
      toast.success(t.picked(list), {
        description: numbers.length < wanted ? t.fewer(numbers.length) : undefined,
      });
    } catch (error) {
      failed(error);
    }
  };

  return (
    <fieldset className="grid min-w-0 gap-1">
      <legend className="mb-1 text-xs font-medium text-zinc-600">{t.title}</legend>
      <div className="flex gap-2">
        <div className="flex h-11 items-center rounded-lg border border-zinc-300 bg-white shadow-xs">
          <button
            type="button"
            onClick={() => setCount((c) => Math.max(1, c - 1))}
            disabled={wanted <= 1}
            aria-label={t.less}
            className="flex size-11 items-center justify-center rounded-l-lg text-zinc-700 hover:bg-zinc-50 disabled:opacity-40"
          >
            <Minus aria-hidden className="size-4" />
          </button>
          <output aria-label={t.howMany} className="w-8 text-center text-base font-semibold tabular-nums">
            {wanted}
          </output>
          <button
            type="button"
            onClick={() => setCount((c) => Math.min(room, c + 1))}
            disabled={wanted >= room}
            aria-label={t.more}
            className="flex size-11 items-center justify-center rounded-r-lg text-zinc-700 hover:bg-zinc-50 disabled:opacity-40"
          >
            <Plus aria-hidden className="size-4" />
          </button>
        </div>
        <Button onClick={onPick} loading={pick.isPending} disabled={room <= 0} className="flex-1">
          {!pick.isPending && <Dices aria-hidden />}
          {t.pick}
        </Button>
      </div>
    </fieldset>
  );
}
