import { ticketPatchSchema } from '@domain/staff-tickets';
import { z } from '@domain/zod';
import { ticketsTexts } from './texts';

const t = ticketsTexts.buyerForm;
// The PATCH fields are optional (absent = unchanged); the form always sends them.
const field = {
  buyer_name: ticketPatchSchema.shape.buyer_name.unwrap(),
  buyer_phone: ticketPatchSchema.shape.buyer_phone.unwrap(),
  buyer_cedula: ticketPatchSchema.shape.buyer_cedula.unwrap(),
  buyer_email: ticketPatchSchema.shape.buyer_email.unwrap(),
  buyer_address: ticketPatchSchema.shape.buyer_address.unwrap(),
};

/** A field a sold number cannot go without; then the server's own rule for it. */
const required = (message: string) => z.string(message).trim().min(1, message);
/** An optional input arrives as '': it clears the field (null), as the server expects. */
const optional = () =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v));

/**
 * The staff's buyer form: the PATCH /api/tickets/:id body fields (domain `ticketPatchSchema`), with
 * name, phone and cedula required, since buyers are found, grouped and proved by them.
 */
export const buyerFormSchema = z.object({
  buyer_name: required(t.nameRequired).min(3, t.nameRequired).pipe(field.buyer_name.unwrap()),
  buyer_phone: required(t.phoneRequired).pipe(field.buyer_phone.unwrap()),
  buyer_cedula: required(t.cedulaRequired).pipe(field.buyer_cedula.unwrap()),
  buyer_email: optional()
    .pipe(field.buyer_email)
    .transform((v) => v?.toLowerCase() ?? null),
  buyer_address: optional().pipe(field.buyer_address),
});
export type BuyerFormInput = z.input<typeof buyerFormSchema>;
export type BuyerFormOutput = z.output<typeof buyerFormSchema>;
export type BuyerField = keyof BuyerFormInput;

export const BUYER_FIELDS = [
  'buyer_name',
  'buyer_phone',
  'buyer_cedula',
  'buyer_email',
  'buyer_address',
] as const satisfies readonly BuyerField[];

export const isBuyerField = (path: string): path is BuyerField =>
  (BUYER_FIELDS as readonly string[]).includes(path);
