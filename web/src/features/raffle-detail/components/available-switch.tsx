import { cn } from '@/lib/cn';
import { raffleDetailTexts } from '../texts';

type AvailableSwitchProps = { checked: boolean; onChange: (checked: boolean) => void };

/**
 * "Solo disponibles": hides every number that cannot be chosen. The words are part of the switch,
 * so the whole row (44 px tall) is one target for a finger, not just the 40x24 track.
 */
export function AvailableSwitch({ checked, onChange }: AvailableSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      className="-mx-1 inline-flex min-h-11 items-center gap-2 rounded-lg px-1 text-sm font-medium whitespace-nowrap text-zinc-800 select-none"
    >
      <span
        aria-hidden
        className={cn(
          'relative inline-flex h-6 w-10 shrink-0 items-center rounded-full transition-colors',
          checked ? 'bg-brand-700' : 'bg-zinc-300',
        )}
      >
        <span
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-[1.125rem]' : 'translate-x-0.5',
          )}
        />
      </span>
      {raffleDetailTexts.board.onlyAvailable}
    </button>
  );
}
