import { displayName } from '@domain/names';
import type { StaffTicket } from '@domain/staff-tickets';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ActionDialog } from '@/components/action-dialog';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import { useUpdateTicket } from '../api/update-ticket';
import {
  type BuyerField,
  type BuyerFormInput,
  type BuyerFormOutput,
  buyerFormSchema,
  isBuyerField,
} from '../buyer-form-schema';
import { ticketsTexts } from '../texts';

type EditBuyerDialogProps = {
  ticket: StaffTicket;
  /** `assign`: a number on sale is reserved for this buyer in the same request. */
  mode: 'edit' | 'assign';
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const valuesOf = (ticket: StaffTicket): BuyerFormInput => ({
  buyer_name: displayName(ticket.buyer_name) ?? '',
  buyer_phone: ticket.buyer_phone ?? '',
  buyer_cedula: ticket.buyer_cedula ?? '',
  buyer_email: ticket.buyer_email ?? '',
  buyer_address: ticket.buyer_address ?? '',
});

const FIELDS: { name: BuyerField; type?: string; inputMode?: 'tel' | 'email'; autoComplete: string }[] = [
  { name: 'buyer_name', autoComplete: 'off' },
  { name: 'buyer_phone', type: 'tel', inputMode: 'tel', autoComplete: 'off' },
  { name: 'buyer_cedula', autoComplete: 'off' },
  { name: 'buyer_email', type: 'email', inputMode: 'email', autoComplete: 'off' },
  { name: 'buyer_address', autoComplete: 'off' },
];

const t = ticketsTexts.buyerForm;
const labels: Record<BuyerField, string> = {
  buyer_name: t.name,
  buyer_phone: t.phone,
  buyer_cedula: t.cedula,
  buyer_email: t.email,
  buyer_address: t.address,
};
const hints: Partial<Record<BuyerField, string>> = { buyer_phone: t.phoneHint, buyer_cedula: t.cedulaHint };

/** The buyer's contact data of one number, validated with the server's own field rules. */
export function EditBuyerDialog({ ticket, mode, open, onOpenChange }: EditBuyerDialogProps) {
  const update = useUpdateTicket(ticket.raffle_id);
  const form = useForm<BuyerFormInput, unknown, BuyerFormOutput>({
    resolver: zodResolver(buyerFormSchema),
    defaultValues: valuesOf(ticket),
  });
  const { errors } = form.formState;

  // Each opening starts from the ticket as it is then; a refetch while typing keeps the typing.
  const latest = useRef(ticket);
  latest.current = ticket;
  useEffect(() => {
    if (open) form.reset(valuesOf(latest.current));
  }, [open, form]);

  async function onSubmit(values: BuyerFormOutput) {
    try {
      await update.mutateAsync({
        number: ticket.number,
        patch: mode === 'assign' ? { ...values, status: 'apartado' } : values,
      });
      toast.success(
        mode === 'assign'
          ? ticketsTexts.actions.changed(ticket.ticket_number, 'apartado')
          : ticketsTexts.actions.saved(ticket.ticket_number),
      );
      onOpenChange(false);
    } catch (error) {
      const fields = isApiError(error) ? error.fields.filter((f) => isBuyerField(f.path)) : [];
      for (const field of fields) form.setError(field.path as BuyerField, { message: field.message });
      if (fields.length === 0) {
        toast.error(ticketsTexts.actions.error, {
          description: isApiError(error) ? error.message : texts.common.genericError,
        });
      }
    }
  }

  const busy = form.formState.isSubmitting;
  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode === 'assign' ? t.assignTitle(ticket.ticket_number) : t.editTitle(ticket.ticket_number)}
      description={mode === 'assign' ? t.assignDescription : t.editDescription}
      actionLabel={mode === 'assign' ? t.assign : t.save}
      pending={busy}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      {FIELDS.map(({ name, ...input }) => {
        const id = `buyer-form-${name}`;
        const error = errors[name]?.message;
        return (
          <Field key={name} id={id} label={labels[name]} error={error} hint={hints[name]}>
            <Input
              {...fieldControlProps(id, error, hints[name])}
              {...input}
              {...form.register(name)}
              disabled={busy}
            />
          </Field>
        );
      })}
    </ActionDialog>
  );
}
