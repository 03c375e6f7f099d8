import { paths } from '@/config/paths';

/**
 * Where a printed ticket's QR code leads: the public tracking page, with the buyer's cedula filled
 * in (the page then asks for the last four digits of their phone, so the code alone shows nothing).
 */
export function trackingUrl(origin: string, cedula: string | null | undefined): string {
  const url = new URL(paths.tracking.getHref(), origin);
  if (cedula) url.searchParams.set('cedula', cedula);
  return url.toString();
}
