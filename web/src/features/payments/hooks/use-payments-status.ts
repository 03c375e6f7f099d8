import { PAYMENT_STATUSES, type PaymentStatus } from '@domain/payments';
import { useSearchParams } from 'react-router';

const STATUS = 'status';

const isPaymentStatus = (value: string | null): value is PaymentStatus =>
  (PAYMENT_STATUSES as readonly (string | null)[]).includes(value);

/** The open tab lives in the URL (`?status=approved`): shareable, and the back button works. */
export function usePaymentsStatus() {
  const [params, setParams] = useSearchParams();
  const value = params.get(STATUS);
  const status: PaymentStatus = isPaymentStatus(value) ? value : 'pending';

  function setStatus(next: string) {
    if (!isPaymentStatus(next) || next === status) return;
    setParams((current) => {
      current.set(STATUS, next);
      return current;
    });
  }

  return { status, setStatus };
}
