import type { BuyerTicket, PaymentMethod } from '@domain/reservations';
import { padTicketNumber } from '@domain/tickets';
import { CheckCircle2, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ProofUpload } from '@/components/proof-upload';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useProofUpload } from '@/hooks/use-proof-upload';
import { useCreatePayment } from '../api/create-payment';
import { raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.sendProof;

type SendProofFormProps = {
  tickets: BuyerTicket[];
  digitCount: number;
  paymentMethod: PaymentMethod;
  cedula: string;
  /** What each ticket pays now: all it owes, or its first cuota. */
  amountFor: (ticket: BuyerTicket) => number;
  totalLabel: string;
  /** Every ticket now has its proof: the ticket card shows it in review. */
  onSent?: () => void;
};

/**
 * "Enviar comprobante": one payment per ticket, each for what that ticket pays now (all it owes or
 * its first cuota), all with the same proof, so the reviewer approves every number. Tickets already
 * sent are not sent twice.
 */
export function SendProofForm({
  tickets,
  digitCount,
  paymentMethod,
  cedula,
  amountFor,
  totalLabel,
  onSent,
}: SendProofFormProps) {
  const proof = useProofUpload();
  const pay = useCreatePayment();
  const [reference, setReference] = useState('');
  const [sent, setSent] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const pending = tickets.filter((ticket) => ticket.remaining_cents > 0 && !sent.includes(ticket.id));
  const done = pending.length === 0 && sent.length > 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!proof.fileUrl) return setError(t.needFile);
    setError(null);
    const list = tickets.map((ticket) => padTicketNumber(ticket.number, digitCount)).join(', ');
    try {
      for (const ticket of pending) {
        await pay.mutateAsync({
          ticket_id: ticket.id,
          amount_cents: amountFor(ticket),
          payment_method: paymentMethod,
          payment_proof: proof.fileUrl,
          reference: reference.trim() || undefined,
          notes: tickets.length > 1 ? t.note(list, totalLabel) : undefined,
          cedula,
        });
        setSent((ids) => [...ids, ticket.id]);
      }
      // Said once, in place (the form turns into the confirmation), not again in a toast.
      onSent?.();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : t.needFile);
    }
  };

  if (done) {
    return (
      <p
        role="status"
        className="flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900"
      >
        <CheckCircle2 aria-hidden className="size-5 shrink-0 text-green-700" />
        {t.done}
      </p>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div>
        <h3 className="text-base font-semibold text-zinc-900">{t.title}</h3>
        <p className="text-sm text-zinc-600">{t.description}</p>
      </div>
      <ProofUpload id="send-proof-file" label={t.file} upload={proof} />
      <Field id="send-proof-reference" label={t.reference}>
        <Input
          id="send-proof-reference"
          inputMode="numeric"
          autoComplete="off"
          maxLength={60}
          placeholder={t.referencePlaceholder}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
      </Field>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" loading={pay.isPending} disabled={proof.uploading}>
        {!pay.isPending && <Send aria-hidden />}
        {pay.isPending ? t.sending : t.submit}
      </Button>
    </form>
  );
}
