import type { TicketFilterStatus } from '@domain/staff-tickets';
import { useMutation } from '@tanstack/react-query';
import { raffleApiPath } from '@/api/raffles';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import type { ExportFormat } from '../csv-file-name';

export type ExportTicketsVariables = {
  raffleId: string;
  filters: { status?: TicketFilterStatus[]; search?: string };
  fileName: string;
  /** `csv` (default) or `xlsx`: the same rows, as an Excel workbook. */
  format?: ExportFormat;
};

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
