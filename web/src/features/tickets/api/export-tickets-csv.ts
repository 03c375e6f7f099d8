import type { TicketFilterStatus } from '@domain/staff-tickets';
import { useMutation } from '@tanstack/react-query';
import { apiErrorFromResponse, networkError } from '@/lib/api-error';
import { sessionManager } from '@/lib/session';

export type ExportTicketsVariables = {
  raffleId: string;
  filters: { status?: TicketFilterStatus[]; search?: string };
  fileName: string;
};

function csvUrl(raffleId: string, filters: ExportTicketsVariables['filters']) {
  const params = new URLSearchParams();
  if (filters.status?.length) params.set('status', filters.status.join(','));
  if (filters.search) params.set('search', filters.search);
  const query = params.toString();
  return `/api/raffles/${encodeURIComponent(raffleId)}/tickets.csv${query ? `?${query}` : ''}`;
}

async function fetchWithToken(url: string, token: string | null) {
  try {
    return await fetch(url, {
      headers: { Accept: 'text/csv', ...(token && { Authorization: `Bearer ${token}` }) },
    });
  } catch (cause) {
    throw networkError(cause);
  }
}

/**
 * `GET /api/raffles/:id/tickets.csv` (staff): every page of the filtered list. It needs the bearer
 * token, so a plain link cannot download it: the file is fetched as a blob (refreshing the session
 * once on 401, like the API client), then saved through an `<a download>`.
 */
export async function exportTicketsCsv({ raffleId, filters, fileName }: ExportTicketsVariables) {
  const url = csvUrl(raffleId, filters);
  const token = await sessionManager.getAccessToken();
  let response = await fetchWithToken(url, token);
  if (response.status === 401 && token) {
    const refreshed = await sessionManager.refreshSession({ ifAccessToken: token });
    if (refreshed) response = await fetchWithToken(url, refreshed.access_token);
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; free it once the click is handled.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { fileName };
}

export const useExportTicketsCsv = () => useMutation({ mutationFn: exportTicketsCsv });
