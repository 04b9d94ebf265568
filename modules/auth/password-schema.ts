import { z } from 'zod';

// bcrypt reads only the first 72 bytes: a longer password would be partly ignored.
const BCRYPT_MAX_BYTES = 72;

/**
 * A strong password: at least 8 characters with an upper-case and a lower-case letter, a digit
 * and a special character, and at most 72 bytes (what bcrypt reads).
 * @example Body(z.object({ username: z.string(), password: passwordSchema }))
 */
export const passwordSchema = z
  .string()
  .min(8, 'La contraseña debe tener al menos 8 caracteres')
  .refine((value) => Buffer.byteLength(value, 'utf8') <= BCRYPT_MAX_BYTES, {
    message: `La contraseña no puede superar ${BCRYPT_MAX_BYTES} bytes`,
  })
  .regex(/\p{Lu}/u, 'La contraseña debe contener una letra mayúscula')
  .regex(/\p{Ll}/u, 'La contraseña debe contener una letra minúscula')
  .regex(/\d/, 'La contraseña debe contener un número')
  .regex(/[^\p{L}\p{N}\s]/u, 'La contraseña debe contener un carácter especial');
