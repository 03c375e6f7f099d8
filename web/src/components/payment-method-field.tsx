import { PAYMENT_METHODS, type PaymentMethod, paymentMethodLabels } from '@domain/reservations';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { texts } from '@/config/texts';

type PaymentMethodFieldProps = {
  id: string;
  value: PaymentMethod;
  /** Called with one of PAYMENT_METHODS: the list offers no other value. */
  onChange: (method: string) => void;
  onBlur?: () => void;
  error?: string;
};

/** How the buyer pays, chosen from the methods the server accepts (checkout and tracking). */
export function PaymentMethodField({ id, value, onChange, onBlur, error }: PaymentMethodFieldProps) {
  return (
    <Field id={id} label={texts.paymentMethod} error={error}>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger {...fieldControlProps(id, error)} onBlur={onBlur}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PAYMENT_METHODS.map((method) => (
            <SelectItem key={method} value={method}>
              {paymentMethodLabels[method]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}
