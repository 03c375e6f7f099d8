/** Venezuelan banks by their SUDEBAN code, as buyers and bank statements name them (issue 18). */
export const VENEZUELAN_BANKS = [
  { code: '0102', name: 'Banco de Venezuela' },
  { code: '0134', name: 'Banesco' },
  { code: '0105', name: 'Mercantil' },
  { code: '0108', name: 'Provincial' },
  { code: '0191', name: 'BNC' },
  { code: '0172', name: 'Bancamiga' },
  { code: '0114', name: 'Bancaribe' },
  { code: '0163', name: 'Tesoro' },
  { code: '0175', name: 'Bicentenario' },
  { code: '0138', name: 'Plaza' },
  { code: '0151', name: 'BFC' },
  { code: '0174', name: 'Banplus' },
  { code: '0171', name: 'Activo' },
  { code: '0115', name: 'Exterior' },
  { code: '0128', name: 'Caroní' },
  { code: '0137', name: 'Sofitasa' },
  { code: '0156', name: '100% Banco' },
  { code: '0168', name: 'Bancrecer' },
  { code: '0169', name: 'Mi Banco' },
  { code: '0177', name: 'Banfanb' },
  { code: '0157', name: 'Delsur' },
  { code: '0166', name: 'Agrícola' },
] as const;

export type BankCode = (typeof VENEZUELAN_BANKS)[number]['code'];
export const BANK_CODES = VENEZUELAN_BANKS.map((b) => b.code) as [BankCode, ...BankCode[]];

export function bankName(code: string | null | undefined): string | null {
  return VENEZUELAN_BANKS.find((b) => b.code === code)?.name ?? null;
}
