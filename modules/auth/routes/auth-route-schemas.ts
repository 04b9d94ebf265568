import { z } from 'zod';

/** `POST <prefix>/login`. */
export const LoginBodySchema = z
  .object({
    username: z.string().min(1).max(100).describe('The username'),
    password: z.string().min(1).max(1024).describe("The user's password"),
  })
  .meta({ id: 'AuthLoginInput', description: 'Credentials' });

/** `POST <prefix>/refresh`. */
export const RefreshBodySchema = z
  .object({
    refreshToken: z.string().min(1).max(4096).describe('The refresh token of the last login or refresh'),
  })
  .meta({ id: 'AuthRefreshInput', description: 'A refresh token to trade' });

const UserIdSchema = z.union([z.number(), z.string()]).describe('The user id');

/** The caller as login shows it. */
export const LoginUserSchema = z
  .object({
    id: UserIdSchema,
    username: z.string().describe('The username'),
    email: z.string().optional().describe('The e-mail address'),
    role: z.string().describe('The role, which sets what the user may do'),
  })
  .meta({ id: 'AuthLoginUser', description: 'The user who logged in' });

/** An access token and the refresh token that replaces the one sent. */
export const TokenPairSchema = z
  .object({
    accessToken: z.string().describe('A JWT for `Authorization: Bearer`'),
    refreshToken: z.string().describe('A JWT to trade for a new pair at the refresh endpoint, once'),
  })
  .meta({ id: 'AuthTokenPair', description: 'An access token and a refresh token' });

/** `POST <prefix>/login`. */
export const LoginResultSchema = TokenPairSchema.extend({ user: LoginUserSchema }).meta({
  id: 'AuthLoginResult',
  description: 'The tokens of a new session and who it belongs to',
});

/** `GET <prefix>/me`. */
export const MeSchema = z
  .object({
    id: UserIdSchema,
    username: z.string().describe('The username'),
    email: z.string().optional().describe('The e-mail address'),
    role: z.string().describe('The role'),
    permissions: z.array(z.string()).describe('What the user may do besides what the role allows'),
  })
  .meta({ id: 'AuthMe', description: 'The caller, as the user provider has it now' });

/** `POST <prefix>/logout`. */
export const LogoutResultSchema = z
  .object({ message: z.string().describe('What happened') })
  .meta({ id: 'AuthMessage', description: 'An answer that only says what happened' });
