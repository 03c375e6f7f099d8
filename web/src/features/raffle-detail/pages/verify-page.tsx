import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CopyButton } from '@/components/copy-button';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { useReceiptKey } from '../api/get-receipt-key';
import { VerifyNumberForm } from '../components/verify-number-form';
import { verificationTexts } from '../verification-texts';

const t = verificationTexts;

/** The key every receipt is signed with, shown so anyone can check a receipt elsewhere too. */
function ReceiptKeyCard() {
  const key = useReceiptKey(true);
  return (
    <Card className="grid gap-2 p-4 text-sm sm:p-6">
      <p className="flex items-center gap-2 font-semibold text-zinc-900">
        <KeyRound aria-hidden className="size-4 text-zinc-500" />
        {t.receipt.keyLabel}
      </p>
      {key.data ? (
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 rounded-md bg-zinc-100 px-2 py-1.5 font-mono text-xs break-all text-zinc-900">
            {key.data.public_key}
          </code>
          <CopyButton value={key.data.public_key} what={t.receipt.keyLabel} />
        </div>
      ) : key.isError ? (
        <p className="text-zinc-600">{t.receipt.keyFailed}</p>
      ) : (
        <Skeleton className="h-8 w-full" />
      )}
    </Card>
  );
}

/**
 * `/verificar`: "Verifica tu número" for any raffle. The ticket's QR opens it with
 * `?rifa=&numero=&codigo=`; the number and code are taken into the form, then out of the address.
 */
export function VerifyPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [prefill] = useState(() => ({
    raffle: searchParams.get('rifa') ?? '',
    number: searchParams.get('numero') ?? '',
    code: searchParams.get('codigo') ?? '',
  }));

  useEffect(() => {
    if (!prefill.code && !prefill.number) return;
    setSearchParams(
      (params) => {
        params.delete('codigo');
        params.delete('numero');
        return params;
      },
      { replace: true },
    );
  }, [prefill, setSearchParams]);

  return (
    <>
      <PageHeader
        title={t.page.title}
        description={t.page.subtitle}
        breadcrumbs={[{ label: texts.publicNav.home, href: paths.home.getHref() }, { label: t.page.title }]}
        back={{ href: paths.home.getHref() }}
      />
      <div className="grid w-full max-w-xl gap-5">
        <VerifyNumberForm prefill={prefill} bare />
        <ReceiptKeyCard />
      </div>
    </>
  );
}
