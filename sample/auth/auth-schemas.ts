import { z } from 'zod';

/** `POST /auth/login`. */
export const LoginSchema = z
  .object({
    username: z.string().min(1).max(100).describe('The username, in any case'),
    password: z.string().min(6).max(1024).describe("The user's password"),
  })
  .meta({ id: 'LoginInput', description: 'Credentials' });
export type LoginInput = z.infer<typeof LoginSchema>;

/** `POST /auth/refresh`. */
export const RefreshSchema = z
  .object({
    refreshToken: z.string().min(1).max(4096).describe('The refresh token of the last login or refresh'),
  })
  .meta({ id: 'RefreshInput', description: 'A refresh token to trade' });
export type RefreshInput = z.infer<typeof RefreshSchema>;

/** The caller as login shows it. */
export const LoginUserSchema = z
  .object({
    id: z.number().int().describe('The user id'),
    username: z.string().describe('The username'),
    email: z.string().describe('The e-mail address'),
    role: z.string().describe('The role, which sets what the user may do'),
  })
  .meta({ id: 'LoginUser', description: 'The user who logged in' });

/** `POST /auth/refresh`: a new pair; the refresh token sent is dead from now on. */
export const TokenPairSchema = z
  .object({
    accessToken: z.string().describe('A JWT for `Authorization: Bearer`'),
    refreshToken: z.string().describe('A JWT to trade for a new pair at /auth/refresh, once'),
  })
  .meta({ id: 'TokenPair', description: 'An access token and a refresh token' });

/** `POST /auth/login`. */
export const LoginResultSchema = TokenPairSchema.extend({ user: LoginUserSchema }).meta({
  id: 'LoginResult',
  description: 'The tokens of a new session and who it belongs to',
});
