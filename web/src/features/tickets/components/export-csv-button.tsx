import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import { useExportTicketsCsv } from '../api/export-tickets-csv';
import { csvFileName, type ExportFormat } from '../csv-file-name';
import { type StatusFilter, statusesFor } from '../status-filter';
import { ticketsTexts } from '../texts';

type ExportCsvButtonProps = {
  raffleId: string;
  raffleName: string;
  status: StatusFilter;
  search: string;
  /** `xlsx`: the same rows as an Excel workbook ("Descargar Excel"). */
  format?: ExportFormat;
};

/** Downloads every page of what the list shows now (same chip, same search) as a CSV or Excel file. */
export function ExportCsvButton({
  raffleId,
  raffleName,
  status,
  search,
  format = 'csv',
}: ExportCsvButtonProps) {
  const t = format === 'xlsx' ? ticketsTexts.xlsx : ticketsTexts.csv;
  const exportCsv = useExportTicketsCsv();
  const fileName = csvFileName(raffleName, status, format);
  return (
    <Button
      variant="secondary"
      loading={exportCsv.isPending}
      onClick={() =>
        exportCsv.mutate(
          {
            raffleId,
            filters: { status: statusesFor(status), search: search || undefined },
            fileName,
            format,
          },
          {
            onSuccess: () => toast.success(t.done(fileName)),
            onError: (error) =>
              toast.error(t.error, {
                description: isApiError(error) ? error.message : texts.common.genericError,
              }),
          },
        )
      }
    >
      {!exportCsv.isPending && <Download aria-hidden />}
      {t.button}
    </Button>
  );
}
