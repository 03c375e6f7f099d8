import { useEffect, useState } from 'react';
import { serverNow, useServerClockOffset } from '@/lib/server-clock';

// setTimeout holds at most 2^31 - 1 ms (24.8 days); a later deadline is waited for in steps.
const MAX_WAIT_MS = 2_147_483_647;

/**
 * Whether `deadline` has passed, re-rendering its component once when it does: a page open at the
 * closing date turns to "Ventas cerradas" by itself, without a reload and without a render a second.
 * The deadline is the server's: it passes by the server's clock, not by a phone's set minutes off.
 */
export function useDeadlinePassed(deadline: string | null | undefined): boolean {
  const at = deadline ? new Date(deadline).getTime() : Number.NaN;
  // A new estimate of the server's clock (its first answer, a phone's clock set by hand) waits again.
  const offset = useServerClockOffset();
  const [passed, setPassed] = useState(() => at <= serverNow());
  useEffect(() => {
    if (Number.isNaN(at)) return setPassed(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Timers count this device's time: the deadline as its clock will read it.
    const deviceAt = at - offset;
    const check = () => {
      const left = deviceAt - Date.now();
      setPassed(left <= 0);
      if (left > 0) timer = setTimeout(check, Math.min(left, MAX_WAIT_MS));
    };
    check();
    return () => clearTimeout(timer);
  }, [at, offset]);
  return passed;
}
