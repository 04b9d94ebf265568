import { z } from 'zod';

/** `POST /auth/login`. */
export const LoginSchema = z.object({
  username: z.string().min(1).max(100),
  password: z.string().min(6).max(1024),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** `POST /auth/refresh`. */
export const RefreshSchema = z.object({ refreshToken: z.string().min(1).max(4096) });
export type RefreshInput = z.infer<typeof RefreshSchema>;

/** The caller as login shows it. */
export const LoginUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
});
