import { auditMessages } from '@domain/audit';
import type { AuditVerdict } from '@domain/audit-chain';
import { Link2, Link2Off, ShieldCheck } from 'lucide-react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { auditTexts } from '../texts';

type VerifyChainProps = {
  verdict: AuditVerdict | undefined;
  running: boolean;
  failed: boolean;
  onVerify: () => void;
};

/** "Verificar cadena": the server recomputes every hash; intact in green, the first broken entry in red. */
export function VerifyChain({ verdict, running, failed, onVerify }: VerifyChainProps) {
  const t = auditTexts.verify;
  return (
    <section className="grid gap-3 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-3 shadow-[var(--shadow-card)] sm:flex sm:items-center sm:justify-between sm:p-4">
      <div className="grid gap-2">
        <p className="text-sm text-zinc-600">{t.hint}</p>
        <div aria-live="polite">
          {verdict?.ok === true && (
            <p
              className="flex items-center gap-2 text-sm font-semibold text-green-800"
              data-testid="audit-verdict"
            >
              <Link2 aria-hidden className="size-4 shrink-0" />
              {auditMessages.intact(verdict.count)}
            </p>
          )}
          {verdict?.ok === false && (
            <p
              className="flex items-start gap-2 text-sm font-semibold text-red-700"
              data-testid="audit-verdict"
            >
              <Link2Off aria-hidden className="mt-0.5 size-4 shrink-0" />
              {auditMessages.broken(verdict.first_broken_seq, verdict.reason)}
            </p>
          )}
          {failed && <ErrorAlert>{t.error}</ErrorAlert>}
        </div>
      </div>
      <Button onClick={onVerify} disabled={running} className="w-full sm:w-auto">
        {running ? <Spinner /> : <ShieldCheck aria-hidden />}
        {running ? t.running : t.button}
      </Button>
    </section>
  );
}
