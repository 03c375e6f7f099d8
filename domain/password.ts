/** Why a password is too weak; an empty list means it is acceptable. */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'contraseña',
  'contrasena',
  'qwerty123',
  'abc12345',
  'rifas123',
  'admin123',
  'venezuela',
  'iloveyou',
]);

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export function weakPasswordReasons(password: string, context: { email?: string } = {}): string[] {
  const reasons: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    reasons.push(`Debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    reasons.push(`Debe tener como máximo ${PASSWORD_MAX_LENGTH} caracteres`);
  }
  if (!/\p{L}/u.test(password)) reasons.push('Debe incluir al menos una letra');
  if (!/\d/.test(password)) reasons.push('Debe incluir al menos un número');
  if (COMMON_PASSWORDS.has(password.toLowerCase())) reasons.push('Es una contraseña demasiado común');
  const localPart = context.email?.split('@')[0]?.toLowerCase();
  if (localPart && localPart.length >= 3 && password.toLowerCase().includes(localPart)) {
    reasons.push('No debe contener tu correo');
  }
  return reasons;
}
