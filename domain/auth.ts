import { messages } from './messages';
import { ROLES } from './roles';
import { z } from './zod';

export const signInSchema = z
  .object({
    email: z.string().trim().max(254).optional(),
    phone: z.string().trim().max(32).optional(),
    password: z.string().max(256).optional(),
  })
  .strict()
  .refine((v) => Boolean((v.email || v.phone) && v.password), {
    message: messages.auth.missingCredentials,
  });
export type SignInInput = z.infer<typeof signInSchema>;

export const refreshSchema = z.object({ refresh_token: z.string().min(1).max(256) }).strict();
export const signOutSchema = z.object({ scope: z.enum(['global', 'local']).optional() }).strict();

export const authUserSchema = z.object({ id: z.string(), email: z.string() });
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(ROLES).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const sessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  expires_at: z.number(),
  user: authUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const signInResponseSchema = z.object({ session: sessionSchema, profile: profileSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const meResponseSchema = z.object({ user: authUserSchema, profile: profileSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
