import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.board;

type JumpToNumberProps = { total: number; digitCount: number; onJump: (number: number) => void };

/** "Ir al número": scrolls the board to a number and highlights it. */
export function JumpToNumber({ total, digitCount, onJump }: JumpToNumberProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const digits = value.trim();
    const number = /^\d{1,9}$/.test(digits) ? Number(digits) : Number.NaN;
    if (!Number.isInteger(number) || number >= total) {
      setError(t.jumpInvalid(String(total - 1).padStart(digitCount, '0')));
      return;
    }
    setError(null);
    onJump(number);
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-1" noValidate>
      <label htmlFor={id} className="text-xs font-medium text-zinc-600">
        {t.jumpLabel}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="go"
          maxLength={9}
          placeholder={t.jumpPlaceholder}
          value={value}
          onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="tabular-nums"
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden />
          {t.jumpGo}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
