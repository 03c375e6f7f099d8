const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const trackingTexts = {
  title: 'Consultar tickets',
  description:
    'Escribe tu cédula y los últimos 4 dígitos de tu teléfono para ver el estado de tus tickets y tus pagos.',
  form: {
    cedula: 'Cédula',
    nationality: 'Tipo de cédula',
    nationalities: { V: 'V', E: 'E' },
    cedulaPlaceholder: '12345678',
    last4: 'Últimos 4 dígitos de tu teléfono',
    last4Placeholder: '4567',
    last4Hint: 'Los del teléfono que diste al apartar tus números.',
    submit: 'Consultar',
    submitting: 'Buscando…',
    privacy: 'Por tu privacidad solo mostramos tus números, sus pagos y tu nombre oculto.',
  },
  validation: {
    cedulaDigits: 'Escribe solo los números de tu cédula (de 6 a 9 dígitos)',
  },
  results: {
    title: 'Tus tickets',
    summary: (n: number, raffles: number) =>
      `${n} ${plural(n, 'ticket', 'tickets')} en ${raffles} ${plural(raffles, 'rifa', 'rifas')}`,
    emptyTitle: 'No encontramos tickets',
    owner: 'A nombre de',
    viewRaffle: 'Ver rifa',
    ticket: (number: string) => `Número ${number}`,
    paid: 'Pagado',
    remaining: 'Falta',
    reservedUntil: (date: string) => `Paga antes del ${date} para no perder este número.`,
    purchasedAt: (date: string) => `Apartado el ${date}`,
    payments: 'Pagos enviados',
    noPayments: 'Sin pagos enviados todavía.',
    payment: (amount: string, date: string) => `${amount} · ${date}`,
    errorTitle: 'No pudimos hacer la consulta',
  },
} as const;
