import type { Raffle } from '@domain/raffles';
import { padTicketNumber } from '@domain/tickets';
import { Trophy } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { texts } from '@/config/texts';
import { useDrawRaffle } from '../api/raffle-lifecycle';
import { dashboardTexts } from '../dashboard-texts';

const t = dashboardTexts.draw;
const FIELD_ID = 'winning-number';

/** The typed number when it is a whole number of the raffle, else null. */
function parseWinningNumber(value: string, total: number): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n < total ? n : null;
}

/**
 * "Registrar resultado" (admin, closed raffle): the official lottery's number, typed, shown padded
 * as on the board, then confirmed on a second step because it can never change.
 */
export function DrawRaffleDialog({ raffle }: { raffle: Raffle }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<number | null>(null);
  const draw = useDrawRaffle();
  const max = padTicketNumber(raffle.total_numbers - 1, raffle.digit_count);
  const typed = parseWinningNumber(value, raffle.total_numbers);

  function reset(next: boolean) {
    if (draw.isPending) return;
    if (next) {
      setValue('');
      setError(undefined);
      setConfirming(null);
      draw.reset();
    }
    setOpen(next);
  }

  function next(event: FormEvent) {
    event.preventDefault();
    if (typed === null) {
      setError(t.invalid(max));
      return;
    }
    setError(undefined);
    setConfirming(typed);
  }

  async function confirm(winningNumber: number) {
    try {
      await draw.mutateAsync({ id: raffle.id, body: { winning_number: winningNumber } });
      toast.success(t.success(padTicketNumber(winningNumber, raffle.digit_count)));
      setOpen(false);
    } catch {
      // The server's reason (409: already drawn, not closed…) stays in the dialog.
    }
  }

  const padded = confirming === null ? null : padTicketNumber(confirming, raffle.digit_count);
  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button size="sm" aria-label={t.actionLabel(raffle.name)}>
          <Trophy aria-hidden />
          {t.action}
        </Button>
      </DialogTrigger>
      <DialogContent>
        {padded === null || confirming === null ? (
          <form noValidate onSubmit={next} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t.title(raffle.name)}</DialogTitle>
              <DialogDescription>
                {raffle.draw_source ? t.description(raffle.draw_source) : t.noSource}
              </DialogDescription>
            </DialogHeader>
            <div className="grid grid-cols-[1fr_auto] items-start gap-3">
              <Field id={FIELD_ID} label={t.label} error={error} hint={t.hint(max)}>
                <Input
                  {...fieldControlProps(FIELD_ID, error, t.hint(max))}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={raffle.digit_count}
                  className="font-mono text-lg tracking-widest"
                  value={value}
                  onChange={(event) => {
                    setValue(event.target.value.replace(/\D/g, ''));
                    setError(undefined);
                  }}
                />
              </Field>
              <output
                htmlFor={FIELD_ID}
                aria-live="polite"
                className="mt-6 flex h-11 min-w-16 items-center justify-center rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 px-3 font-mono text-xl font-bold text-amber-900 tabular-nums"
              >
                {typed === null ? '–'.repeat(raffle.digit_count) : padTicketNumber(typed, raffle.digit_count)}
              </output>
            </div>
            <DialogFooter>
              <Button variant="secondary" onClick={() => reset(false)}>
                {texts.common.cancel}
              </Button>
              <Button type="submit">{t.next}</Button>
            </DialogFooter>
          </form>
        ) : (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t.confirmTitle(padded)}</DialogTitle>
              <DialogDescription>{t.confirmDescription}</DialogDescription>
            </DialogHeader>
            <p className="flex items-center justify-center gap-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-900">
              <Trophy aria-hidden className="size-7" />
              <span className="font-mono text-4xl font-extrabold tracking-widest tabular-nums">{padded}</span>
            </p>
            {raffle.draw_source && <p className="text-center text-sm text-zinc-600">{raffle.draw_source}</p>}
            {draw.error && <ErrorAlert>{draw.error.message || texts.common.genericError}</ErrorAlert>}
            <DialogFooter>
              <Button
                variant="secondary"
                disabled={draw.isPending}
                onClick={() => {
                  draw.reset();
                  setConfirming(null);
                }}
              >
                {t.back}
              </Button>
              <Button loading={draw.isPending} onClick={() => confirm(confirming)}>
                {draw.isPending ? t.saving : t.confirm(padded)}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
