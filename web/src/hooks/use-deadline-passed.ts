import { useEffect, useState } from 'react';

// setTimeout holds at most 2^31 - 1 ms (24.8 days); a later deadline is waited for in steps.
const MAX_WAIT_MS = 2_147_483_647;

/**
 * Whether `deadline` has passed, re-rendering its component once when it does: a page open at the
 * closing date turns to "Ventas cerradas" by itself, without a reload and without a render a second.
 */
export function useDeadlinePassed(deadline: string | null | undefined): boolean {
  const at = deadline ? new Date(deadline).getTime() : Number.NaN;
  const [passed, setPassed] = useState(() => at <= Date.now());
  useEffect(() => {
    if (Number.isNaN(at)) return setPassed(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const left = at - Date.now();
      setPassed(left <= 0);
      if (left > 0) timer = setTimeout(check, Math.min(left, MAX_WAIT_MS));
    };
    check();
    return () => clearTimeout(timer);
  }, [at]);
  return passed;
}
