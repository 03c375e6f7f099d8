import { vePhoneField } from './fields';
import { ROLES } from './roles';
import { z } from './zod';

const email = z
  .email('Ingresa un correo válido')
  .max(254)
  .transform((v) => v.trim().toLowerCase());
const fullName = z.string().trim().min(2, 'Ingresa el nombre completo').max(120);
const phone = vePhoneField();
// Strength is judged by the server (weakPasswordReasons) so the reasons come back as a list.
const password = z.string().min(1, 'Ingresa una contraseña').max(256);

export const createUserSchema = z
  .object({
    email,
    password,
    full_name: fullName,
    phone: phone.nullish(),
    role: z.enum(ROLES, 'Elige un rol válido'),
  })
  .strict();
export type CreateUserInput = z.input<typeof createUserSchema>;

export const updateUserSchema = z
  .object({
    role: z.enum(ROLES, 'Elige un rol válido').optional(),
    full_name: fullName.optional(),
    phone: phone.nullish(),
    password: password.optional(),
    disabled: z.boolean().optional(),
  })
  .strict();
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;
