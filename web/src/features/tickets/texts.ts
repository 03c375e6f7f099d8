export const ticketsTexts = {
  title: 'Tickets vendidos',
  description: 'Los números apartados, abonados y pagados de esta rifa, con búsqueda por comprador.',
} as const;
