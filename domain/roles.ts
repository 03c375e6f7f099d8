export const ROLES = ['admin', 'vendedor'] as const;
export type Role = (typeof ROLES)[number];

export const roleLabels: Record<Role, string> = {
  admin: 'Administrador',
  vendedor: 'Vendedor',
};

export const isStaffRole = (role: string | null | undefined): role is Role =>
  role === 'admin' || role === 'vendedor';
