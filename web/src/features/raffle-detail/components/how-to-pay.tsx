import type { PaymentAccountView } from '@domain/payment-accounts';
import type { PaymentMethod } from '@domain/reservations';
import { ClipboardList, MessageCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { whatsappHref } from '@/lib/whatsapp';
import { reservationTexts } from '../reservation-texts';
import { paymentInstructions } from '../texts';
import { PaymentAccounts } from './payment-accounts';

const t = reservationTexts.success;

type HowToPayProps = {
  /** The organizer's accounts as data, each value copyable. */
  accounts: PaymentAccountView[];
  /** The organizer's own words on paying, shown as they wrote them (line breaks kept). */
  instructions: string | null;
  method: PaymentMethod;
  contactPhone: string | null;
  /** Prefilled WhatsApp message for sending the proof to the organizer. */
  proofMessage: string;
};

/** The organizer's accounts and payment data first, then the generic steps of the chosen method. */
export function HowToPay({ accounts, instructions, method, contactPhone, proofMessage }: HowToPayProps) {
  return (
    <Card className="grid gap-3 p-5">
      <h3 className="flex items-center gap-2 text-base font-semibold text-zinc-900">
        <ClipboardList aria-hidden className="size-5 text-brand-700" />
        {t.howToPay}
      </h3>
      <PaymentAccounts accounts={accounts} method={method} />
      {instructions && (
        <p
          data-testid="payment-instructions"
          className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm font-medium break-words whitespace-pre-line text-zinc-900"
        >
          {instructions}
        </p>
      )}
      <p className="text-sm text-zinc-700">{paymentInstructions[method]}</p>
      {/* The label is long: it wraps instead of pushing a phone screen sideways. */}
      {contactPhone && (
        <Button
          asChild
          size="lg"
          className="h-auto min-h-12 bg-green-700 py-2 text-center whitespace-normal hover:bg-green-800"
        >
          <a href={whatsappHref(proofMessage, contactPhone)} target="_blank" rel="noopener noreferrer">
            <MessageCircle aria-hidden />
            {t.sendProofWhatsapp}
          </a>
        </Button>
      )}
    </Card>
  );
}
