export const dashboardTexts = {
  title: 'Panel',
  description: 'Resumen de tus rifas: números vendidos, apartados y pagos por revisar.',
} as const;
