import { Download, ExternalLink, FileText, ImageOff, ZoomIn } from 'lucide-react';
import { useState } from 'react';
import { InlineQueryError } from '@/components/query-state';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { proofApiPath, usePaymentProof } from '../api/get-payment-proof';
import { useObjectUrl } from '../hooks/use-object-url';
import { paymentsTexts } from '../texts';

type PaymentProofProps = { url: string | null; buyer: string; numbers: string[] };

const t = paymentsTexts.proof;
const linkClass =
  'inline-flex min-h-10 items-center gap-1.5 rounded-md px-1 text-sm font-medium text-brand-700 hover:underline';

/** The proof shown in place: an image that zooms in a dialog, or a PDF inline with a download link. */
export function PaymentProof({ url, buyer, numbers }: PaymentProofProps) {
  const path = url ? proofApiPath(url) : null;
  const proof = usePaymentProof(path);
  const objectUrl = useObjectUrl(proof.data);
  const [zoomed, setZoomed] = useState(false);

  if (!url) {
    return (
      <p className="flex min-h-24 items-center justify-center gap-2 rounded-lg border border-dashed border-zinc-300 p-4 text-sm text-zinc-600">
        <ImageOff aria-hidden className="size-4" />
        {t.none}
      </p>
    );
  }
  if (!path) {
    // Not a file of this server (an old link): it opens in its own tab.
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className={linkClass}>
        <ExternalLink aria-hidden className="size-4" />
        {t.open}
      </a>
    );
  }
  if (proof.isError) {
    return (
      <InlineQueryError
        message={t.error}
        retrying={proof.isFetching}
        onRetry={() => void proof.refetch()}
        className="justify-items-center gap-2 p-4 text-center"
      />
    );
  }
  if (!proof.data || !objectUrl) {
    return (
      <div role="status" className="grid">
        <span className="sr-only">{t.loading}</span>
        <Skeleton className="h-64 w-full rounded-lg" />
      </div>
    );
  }

  if (proof.data.type === 'application/pdf') {
    return (
      <div className="grid gap-1">
        <object
          data={objectUrl}
          type="application/pdf"
          aria-label={t.pdfTitle(buyer)}
          className="h-80 w-full rounded-lg border border-zinc-200 bg-zinc-100"
        >
          <div className="flex h-full flex-col items-center justify-center gap-2 p-4 text-center text-sm text-zinc-700">
            <FileText aria-hidden className="size-8 text-zinc-500" />
            <p>{t.pdfFallback}</p>
          </div>
        </object>
        <a href={objectUrl} download={`comprobante-${numbers.join('-')}.pdf`} className={linkClass}>
          <Download aria-hidden className="size-4" />
          {t.download}
        </a>
      </div>
    );
  }

  const alt = t.alt(buyer, numbers);
  return (
    <>
      <button
        type="button"
        onClick={() => setZoomed(true)}
        className="group relative block w-full overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100"
        aria-label={t.zoom}
      >
        <img src={objectUrl} alt={alt} className="mx-auto max-h-72 w-full object-contain" />
        <span
          aria-hidden
          className="absolute right-2 bottom-2 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-zinc-800 shadow group-hover:bg-white"
        >
          <ZoomIn className="size-5" />
        </span>
      </button>
      <Dialog open={zoomed} onOpenChange={setZoomed}>
        <DialogContent className="sm:max-w-4xl">
          <DialogHeader>
            <DialogTitle>{t.zoomTitle(buyer, numbers)}</DialogTitle>
            <DialogDescription className="sr-only">{t.zoomDescription}</DialogDescription>
          </DialogHeader>
          <img src={objectUrl} alt={alt} className="max-h-[75dvh] w-full object-contain" />
          <a href={objectUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
            <ExternalLink aria-hidden className="size-4" />
            {t.open}
          </a>
        </DialogContent>
      </Dialog>
    </>
  );
}
