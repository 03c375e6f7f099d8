/**
 * Venezuela has been on UTC-4 all year since 2016 (no daylight saving), so a wall-clock time in
 * Caracas maps to an instant with a fixed offset. `datetime-local` inputs hold "YYYY-MM-DDTHH:mm".
 */
const CARACAS_OFFSET = '-04:00';
const CARACAS_OFFSET_MS = -4 * 60 * 60 * 1000;

/** "2026-11-21T20:00" (Caracas) -> "2026-11-21T20:00:00-04:00"; null when empty or malformed. */
export function caracasLocalToIso(local: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(local.trim());
  if (!match) return null;
  const iso = `${match[1]}${match[2] ?? ':00'}${CARACAS_OFFSET}`;
  return Number.isNaN(new Date(iso).getTime()) ? null : iso;
}

/** Any ISO instant -> "YYYY-MM-DDTHH:mm" as the clock in Caracas showed it, for the input. */
export function isoToCaracasLocal(iso: string | null): string {
  if (!iso) return '';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  return new Date(time + CARACAS_OFFSET_MS).toISOString().slice(0, 16);
}
