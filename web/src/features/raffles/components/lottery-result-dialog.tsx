import { formatDateTime } from '@domain/dates';
import { declaredSourceText } from '@domain/draw-source-view';
import { drawTermsMessages, lotteryResultHint, numberFromLotteryResult } from '@domain/draw-terms';
import type { Raffle } from '@domain/raffles';
import { padTicketNumber } from '@domain/tickets';
import { Clock, Trophy } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
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
import { serverNow } from '@/lib/server-clock';
import { useDrawRaffle } from '../api/raffle-lifecycle';
import { caracasLocalToIso } from '../caracas-datetime';
import { dashboardTexts } from '../dashboard-texts';
import type { PrizeChoice } from '../prize-choices';
import { PrizeChoiceField } from './prize-choice-field';

const t = dashboardTexts.draw;
const FIELD_ID = 'lottery-result';
const AT_FIELD_ID = 'lottery-result-at';

/**
 * The server's clock (decision 064), refreshed while the dialog is open: the declared draw time may
 * pass meanwhile, and it passes when the server says, not when a laptop minutes off does.
 */
function useNow(active: boolean) {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!active) return;
    setNow(serverNow());
    const timer = setInterval(() => setNow(serverNow()), 5000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * "Registrar resultado" for a declared lottery (issue 19): the official result as published (e.g.
 * "347"), the number the declared rule derives from it shown live, refused before the declared
 * draw time (the server refuses it too), then a confirm step because it can never change.
 */
export function LotteryResultDialog({ raffle, choices = [] }: { raffle: Raffle; choices?: PrizeChoice[] }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  // A next result's draw (decision 084), as typed (Caracas time) and as sent.
  const [resultAt, setResultAt] = useState('');
  const [resultAtError, setResultAtError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  // Several prizes (decision 042): which one the result decides; the 1.º when there is no choice.
  const [position, setPosition] = useState<number>(choices[0]?.position ?? 1);
  const chosen = choices.find((c) => c.position === position);
  const draw = useDrawRaffle();
  const now = useNow(open);
  const source = chosen ? chosen.source : (declaredSourceText(raffle) ?? '');
  const ruleText = chosen ? chosen.ruleText : raffle.draw_rule_text;
  const drawAt = chosen ? chosen.drawAt : raffle.draw_at;
  const rule = (chosen ? chosen.rule : raffle.draw_rule) ?? 'ultimos_digitos';
  const resultHint = lotteryResultHint(rule);
  const derived = numberFromLotteryResult(rule, value, {
    digitCount: raffle.digit_count,
    totalNumbers: raffle.total_numbers,
  });
  const padded = derived.ok ? padTicketNumber(derived.number, raffle.digit_count) : null;
  const opensAt = drawAt ? new Date(drawAt).getTime() : 0;
  const tooEarly = now < opensAt;
  const nextAfter = chosen?.nextAfter ?? null;
  const resultAtIso = nextAfter ? caracasLocalToIso(resultAt) : null;

  function reset(next: boolean) {
    if (draw.isPending) return;
    if (next) {
      setPosition(choices[0]?.position ?? 1);
      setValue('');
      setError(undefined);
      setResultAt('');
      setResultAtError(undefined);
      setConfirming(false);
      draw.reset();
    }
    setOpen(next);
  }

  function next(event: FormEvent) {
    event.preventDefault();
    if (tooEarly) return;
    if (!value.trim()) return setError(drawTermsMessages.resultRequired);
    if (!derived.ok) return setError(derived.message);
    setError(undefined);
    if (nextAfter && !resultAtIso) return setResultAtError(t.resultAtRequired);
    setResultAtError(undefined);
    setConfirming(true);
  }

  async function confirm() {
    try {
      const body =
        position === 1
          ? { result: value.trim() }
          : { result: value.trim(), prize: position, ...(resultAtIso ? { result_at: resultAtIso } : {}) };
      const after = await draw.mutateAsync({ id: raffle.id, body });
      const prize = after.prizes.find((p) => p.position === position);
      // A repeated number under "siguiente resultado": recorded, and the prize waits for the next one.
      if (prize && prize.drawn_at === null && prize.skipped.length > 0) toast.info(t.repeated(padded ?? ''));
      else toast.success(t.success(padded ?? ''));
      setOpen(false);
    } catch {
      // The server's reason (409: too early, already drawn…) stays in the dialog.
    }
  }

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button size="sm" aria-label={t.actionLabel(raffle.name)}>
          <Trophy aria-hidden />
          {t.action}
        </Button>
      </DialogTrigger>
      <DialogContent>
        {!confirming || padded === null ? (
          <form noValidate onSubmit={next} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t.title(raffle.name)}</DialogTitle>
              <DialogDescription>{t.lotteryDescription(source, ruleText)}</DialogDescription>
            </DialogHeader>
            {choices.length > 1 && (
              <PrizeChoiceField choices={choices} value={position} onChange={setPosition} />
            )}
            {tooEarly && (
              <p
                role="status"
                className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
              >
                <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>
                  {drawTermsMessages.resultTooEarly} {t.tooEarly(formatDateTime(opensAt))}
                </span>
              </p>
            )}
            <div className="grid grid-cols-[1fr_auto] items-start gap-3">
              <Field id={FIELD_ID} label={t.resultLabel} error={error} hint={resultHint}>
                <Input
                  {...fieldControlProps(FIELD_ID, error, resultHint)}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={20}
                  disabled={tooEarly}
                  className="font-mono text-lg tracking-widest"
                  value={value}
                  onChange={(event) => {
                    setValue(event.target.value.replace(/[^\d\s-]/g, ''));
                    setError(undefined);
                  }}
                />
              </Field>
              <div className="mt-0.5 grid justify-items-center gap-1">
                <span className="text-xs font-medium text-zinc-600" id={`${FIELD_ID}-derived`}>
                  {t.derived}
                </span>
                <output
                  htmlFor={FIELD_ID}
                  aria-labelledby={`${FIELD_ID}-derived`}
                  aria-live="polite"
                  className="flex h-11 min-w-16 items-center justify-center rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 px-3 font-mono text-xl font-bold text-amber-900 tabular-nums"
                >
                  {padded ?? '–'.repeat(raffle.digit_count)}
                </output>
              </div>
            </div>
            {nextAfter && (
              <Field
                id={AT_FIELD_ID}
                label={t.resultAtLabel}
                error={resultAtError}
                hint={t.resultAtHint(formatDateTime(nextAfter))}
              >
                <Input
                  {...fieldControlProps(AT_FIELD_ID, resultAtError, 'hint')}
                  type="datetime-local"
                  disabled={tooEarly}
                  value={resultAt}
                  onChange={(event) => {
                    setResultAt(event.target.value);
                    setResultAtError(undefined);
                  }}
                />
              </Field>
            )}
            <DialogFooter>
              <Button variant="secondary" onClick={() => reset(false)}>
                {texts.common.cancel}
              </Button>
              <Button type="submit" disabled={tooEarly}>
                {t.next}
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t.confirmResultTitle(value.trim(), padded)}</DialogTitle>
              <DialogDescription>{t.confirmDescription}</DialogDescription>
            </DialogHeader>
            <p className="flex items-center justify-center gap-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-900">
              <Trophy aria-hidden className="size-7" />
              <span className="font-mono text-4xl font-extrabold tracking-widest tabular-nums">{padded}</span>
            </p>
            <p className="text-center text-sm text-zinc-600">
              {t.resultBeside(value.trim(), source)}
              {resultAtIso && (
                <>
                  <br />
                  {t.resultAtBeside(formatDateTime(resultAtIso))}
                </>
              )}
            </p>
            {draw.error && <ErrorAlert>{draw.error.message || texts.common.genericError}</ErrorAlert>}
            <DialogFooter>
              <Button
                variant="secondary"
                disabled={draw.isPending}
                onClick={() => {
                  draw.reset();
                  setConfirming(false);
                }}
              >
                {t.back}
              </Button>
              <Button loading={draw.isPending} onClick={confirm}>
                {draw.isPending ? t.saving : t.confirmResult(padded)}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
