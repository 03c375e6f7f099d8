import type { TicketFilterStatus } from '@domain/staff-tickets';
import { useMutation } from '@tanstack/react-query';
import { raffleApiPath } from '@/api/raffles';
import { api } from '@/lib/api-client';
import type { ExportFormat } from '../csv-file-name';

export type ExportTicketsVariables = {
  raffleId: string;
  filters: { status?: TicketFilterStatus[]; search?: string };
  fileName: string;
  /** `csv` (default) or `xlsx`: the same rows, as an Excel workbook. */
  format?: ExportFormat;
};

/** Saves a blob under `fileName` through a temporary `<a download>`. */
function saveFile(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; free it once the click is handled.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * `GET /api/raffles/:id/tickets.csv` (or `.xlsx`) (staff): every page of the filtered list. It
 * needs the bearer token, so a plain link cannot download it: the file is fetched as a blob, then saved.
 */
export async function exportTicketsCsv({
  raffleId,
  filters,
  fileName,
  format = 'csv',
}: ExportTicketsVariables) {
  const blob = await api.getBlob(`${raffleApiPath(raffleId)}/tickets.${format}`, { query: filters });
  saveFile(blob, fileName);
  return { fileName };
}

export const useExportTicketsCsv = () => useMutation({ mutationFn: exportTicketsCsv });
