import { PAYMENT_METHODS, type PaymentMethod, paymentMethodLabels } from '@domain/reservations';
import { useRef } from 'react';
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
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Field id={id} label={texts.paymentMethod} error={error}>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger ref={trigger} {...fieldControlProps(id, error)} onBlur={onBlur}>
          <SelectValue />
        </SelectTrigger>
        {/* Inside a dialog the list (portalled out of it) closed onto the dialog itself, so Tab
            started over from its top: the focus goes back to the field, and Tab to the next one. */}
        <SelectContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus({ preventScroll: true });
          }}
        >
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
