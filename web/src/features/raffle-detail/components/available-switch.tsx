import { useId } from 'react';
import { cn } from '@/lib/cn';
import { raffleDetailTexts } from '../texts';

type AvailableSwitchProps = { checked: boolean; onChange: (checked: boolean) => void };

/** "Solo disponibles": hides every number that cannot be chosen. */
export function AvailableSwitch({ checked, onChange }: AvailableSwitchProps) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-2">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-10 shrink-0 items-center rounded-full transition-colors after:absolute after:-inset-2.5',
          checked ? 'bg-brand-700' : 'bg-zinc-300',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-[1.125rem]' : 'translate-x-0.5',
          )}
        />
      </button>
      <label
        htmlFor={id}
        className="cursor-pointer text-sm font-medium whitespace-nowrap text-zinc-800 select-none"
      >
        {raffleDetailTexts.board.onlyAvailable}
      </label>
    </div>
  );
}
