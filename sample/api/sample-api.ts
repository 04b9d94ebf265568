// The sample's REST routes as one contract: the controllers implement it and a client project
// imports it (types and schemas only: this file and what it reaches import no server code).
import { z } from 'zod';
import { contract, ErrorBodySchema, idempotent, ValidationErrorBodySchema } from '../../src/client';
import { LoginResultSchema, LoginSchema, RefreshSchema, TokenPairSchema } from '../auth/auth-schemas';
import { ListQuerySchema } from '../paging/list-query';
import { listPageSchema } from '../paging/page-schemas';
import { CreateTaskSchema, TaskIdSchema, TaskSchema } from '../tasks/task-schemas';
import {
  CreateUserSchema,
  MeSchema,
  MessageSchema,
  RegisterSchema,
  UpdateUserSchema,
  UserIdSchema,
  UserResultSchema,
  UserSummarySchema,
} from '../users/user-schemas';

const E = ErrorBodySchema;

// What every route reading a JSON body may answer before its handler runs.
const BODY_REFUSED = { 400: E, 413: E, 415: E, 422: ValidationErrorBodySchema } as const;
// What a guarded route answers a caller without a valid token, or without the right.
const GUARDED = { 401: E, 403: E } as const;

/** The sample's REST API. */
export const sampleApi = contract({
  login: {
    method: 'POST',
    path: '/auth/login',
    body: LoginSchema,
    summary: 'Log in: an access token, a refresh token and who you are',
    responses: { 200: LoginResultSchema, ...BODY_REFUSED, 401: E, 429: E, 503: E },
  },
  register: idempotent({
    method: 'POST',
    path: '/auth/register',
    body: RegisterSchema,
    summary: 'Create an account (role viewer)',
    responses: { 201: UserResultSchema, ...BODY_REFUSED, 409: E, 429: E, 503: E },
  }),
  refresh: {
    method: 'POST',
    path: '/auth/refresh',
    body: RefreshSchema,
    summary: 'Trade a refresh token for a new pair; the old one stops working',
    responses: { 200: TokenPairSchema, ...BODY_REFUSED, 401: E },
  },
  me: {
    method: 'GET',
    path: '/auth/me',
    summary: 'Who you are, as the database has it now',
    responses: { 200: MeSchema, 401: E },
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    summary: 'End this session: its refresh token and this access token stop working',
    responses: { 200: MessageSchema, 401: E },
  },
  listTasks: {
    method: 'GET',
    path: '/tasks',
    query: ListQuerySchema,
    summary: 'List tasks, newest first',
    responses: {
      200: listPageSchema(TaskSchema, 'Task'),
      400: E,
      ...GUARDED,
      422: ValidationErrorBodySchema,
    },
  },
  getTask: {
    method: 'GET',
    path: '/tasks/:id',
    params: z.object({ id: TaskIdSchema }),
    summary: 'One task',
    responses: { 200: TaskSchema, ...GUARDED, 404: E, 422: ValidationErrorBodySchema },
  },
  createTask: idempotent({
    method: 'POST',
    path: '/tasks',
    body: CreateTaskSchema,
    summary: 'Create a task',
    responses: { 201: TaskSchema, ...BODY_REFUSED, ...GUARDED },
  }),
  listUsers: {
    method: 'GET',
    path: '/users',
    query: ListQuerySchema,
    summary: 'List users',
    responses: {
      200: listPageSchema(UserSummarySchema, 'User'),
      400: E,
      ...GUARDED,
      422: ValidationErrorBodySchema,
    },
  },
  getUser: {
    method: 'GET',
    path: '/users/:id',
    params: z.object({ id: UserIdSchema }),
    summary: 'One user',
    responses: { 200: UserSummarySchema, ...GUARDED, 404: E, 422: ValidationErrorBodySchema },
  },
  createUser: idempotent({
    method: 'POST',
    path: '/users',
    body: CreateUserSchema,
    summary: 'Create a user with a role up to your own',
    responses: { 201: UserResultSchema, ...BODY_REFUSED, ...GUARDED, 409: E, 503: E },
  }),
  updateUser: {
    method: 'PUT',
    path: '/users/:id',
    params: z.object({ id: UserIdSchema }),
    body: UpdateUserSchema,
    summary: 'Change e-mail, role (needs users.change_role) or permissions',
    responses: { 200: UserResultSchema, ...BODY_REFUSED, ...GUARDED, 404: E },
  },
  removeUser: {
    method: 'DELETE',
    path: '/users/:id',
    params: z.object({ id: UserIdSchema }),
    summary: 'Delete a user (not yourself, nor a higher role)',
    responses: { 200: MessageSchema, 400: E, ...GUARDED, 404: E, 422: ValidationErrorBodySchema },
  },
});
