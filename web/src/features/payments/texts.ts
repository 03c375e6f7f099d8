export const paymentsTexts = {
  title: 'Pagos',
  description: 'Comprobantes de pago por revisar: apruébalos o recházalos.',
} as const;
