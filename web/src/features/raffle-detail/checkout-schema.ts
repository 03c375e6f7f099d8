import { buyerSchema, PAYMENT_METHODS } from '@domain/reservations';
import { z } from '@domain/zod';

/** The checkout form: the same buyer schema the server validates the reservation body with. */
export const checkoutFormSchema = z.object({
  buyer: buyerSchema,
  payment_method: z.enum(PAYMENT_METHODS, 'Elige un método de pago'),
});
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutFormOutput = z.output<typeof checkoutFormSchema>;

export const emptyCheckoutForm: CheckoutFormInput = {
  buyer: { name: '', phone: '', address: '', cedula: 'V-', email: '' },
  payment_method: 'transfer',
};
