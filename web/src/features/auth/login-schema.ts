import { normalizeVePhone } from '@domain/phone';
import { z } from '@domain/zod';
import type { SignInCredentials } from '@/lib/session';
import { authTexts } from './texts';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
const looksLikePhone = (value: string) => /^\+?[\d\s\-().]{7,20}$/.test(value);

/** The login form: one field takes an e-mail or a phone number. */
export const loginFormSchema = z.object({
  identifier: z
    .string()
    .trim()
    .min(1, authTexts.identifierRequired)
    .refine((v) => (v.includes('@') ? looksLikeEmail(v) : looksLikePhone(v)), authTexts.identifierInvalid),
  password: z.string().min(1, authTexts.passwordRequired),
});
export type LoginFormValues = z.infer<typeof loginFormSchema>;

/** Without '@' and shaped like a phone, the identifier is sent as `phone` (normalized when Venezuelan). */
export function toCredentials({ identifier, password }: LoginFormValues): SignInCredentials {
  const value = identifier.trim();
  if (!value.includes('@') && looksLikePhone(value)) {
    return { phone: normalizeVePhone(value) ?? value, password };
  }
  return { email: value.toLowerCase(), password };
}
