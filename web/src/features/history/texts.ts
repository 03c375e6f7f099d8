export const historyTexts = {
  title: 'Historial de tickets',
  description: 'Cada cambio de estado de un ticket: quién lo hizo y cuándo.',
} as const;
