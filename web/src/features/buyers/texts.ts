export const buyersTexts = {
  title: 'Compradores',
  description: 'Las personas que apartaron o compraron números de esta rifa, con sus datos de contacto.',
} as const;
