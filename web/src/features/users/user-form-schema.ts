import { createUserSchema } from '@domain/users';
import { z } from '@domain/zod';

/**
 * The create-user form reuses the server's schema; the optional phone arrives as '' from the
 * input, so it becomes null first. Password strength is judged by the server (reasons on 422).
 */
export const createUserFormSchema = createUserSchema.extend({
  phone: z
    .string()
    .trim()
    .transform((v): string | null | undefined => (v === '' ? null : v))
    .pipe(createUserSchema.shape.phone),
});
export type CreateUserFormInput = z.input<typeof createUserFormSchema>;
export type CreateUserFormOutput = z.output<typeof createUserFormSchema>;
