export const testBenchTexts = {
  title: 'Banco de pruebas',
  description: 'Mediciones del sistema: velocidad de reservas, tablero y actualizaciones en vivo.',
} as const;
