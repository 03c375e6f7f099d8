import { Controller, type UseFormReturn } from 'react-hook-form';
import { PaymentMethodField } from '@/components/payment-method-field';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { CheckoutFormInput, CheckoutFormOutput } from '../checkout-schema';
import { reservationTexts } from '../reservation-texts';
import { CedulaField } from './cedula-field';

const t = reservationTexts.checkout;

type CheckoutFieldsProps = { form: UseFormReturn<CheckoutFormInput, unknown, CheckoutFormOutput> };

/** Buyer data and payment method, with real labels and the phone keyboard where it helps. */
export function CheckoutFields({ form }: CheckoutFieldsProps) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const e = {
    name: errors.buyer?.name?.message,
    phone: errors.buyer?.phone?.message,
    address: errors.buyer?.address?.message,
    cedula: errors.buyer?.cedula?.message,
    email: errors.buyer?.email?.message,
    method: errors.payment_method?.message,
  };
  return (
    <div className="grid gap-4">
      <Field id="buyer-name" label={t.name} error={e.name}>
        <Input
          {...fieldControlProps('buyer-name', e.name)}
          autoComplete="name"
          autoCapitalize="words"
          placeholder={t.namePlaceholder}
          {...register('buyer.name')}
        />
      </Field>
      <Field id="buyer-phone" label={t.phone} error={e.phone}>
        <Input
          {...fieldControlProps('buyer-phone', e.phone)}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={t.phonePlaceholder}
          {...register('buyer.phone')}
        />
      </Field>
      <Controller
        control={control}
        name="buyer.cedula"
        render={({ field }) => (
          <CedulaField
            id="buyer-cedula"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={e.cedula}
          />
        )}
      />
      <Field id="buyer-address" label={t.address} error={e.address}>
        <Input
          {...fieldControlProps('buyer-address', e.address)}
          autoComplete="street-address"
          placeholder={t.addressPlaceholder}
          {...register('buyer.address')}
        />
      </Field>
      <Field id="buyer-email" label={t.email} error={e.email}>
        <Input
          {...fieldControlProps('buyer-email', e.email)}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t.emailPlaceholder}
          {...register('buyer.email')}
        />
      </Field>
      <Controller
        control={control}
        name="payment_method"
        render={({ field }) => (
          <PaymentMethodField
            id="payment-method"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={e.method}
          />
        )}
      />
    </div>
  );
}
