import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import { useExportTicketsCsv } from '../api/export-tickets-csv';
import { csvFileName } from '../csv-file-name';
import { type StatusFilter, statusesFor } from '../status-filter';
import { ticketsTexts } from '../texts';

type ExportCsvButtonProps = { raffleId: string; raffleName: string; status: StatusFilter; search: string };

/** Downloads every page of what the list shows now (same chip, same search) as a CSV file. */
export function ExportCsvButton({ raffleId, raffleName, status, search }: ExportCsvButtonProps) {
  const t = ticketsTexts.csv;
  const exportCsv = useExportTicketsCsv();
  const fileName = csvFileName(raffleName, status);
  return (
    <Button
      variant="secondary"
      loading={exportCsv.isPending}
      onClick={() =>
        exportCsv.mutate(
          { raffleId, filters: { status: statusesFor(status), search: search || undefined }, fileName },
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
