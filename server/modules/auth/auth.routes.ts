import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContentSchema } from '../../../domain/api';
import {
  meResponseSchema,
  refreshSchema,
  signInResponseSchema,
  signInSchema,
  signOutSchema,
} from '../../../domain/auth';
import { type Guards, requireAuth } from '../../lib/guards';
import type { AuthService } from './auth.service';

export const authRoutes =
  (deps: { auth: AuthService; guards: Guards; signInPerMinute: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth, guards } = deps;

    // The schema documents the fields; the service checks the body itself (attachValidation), so
    // a missing body or field gets the contract's own message, not the generic validation error.
    app.post(
      '/auth/sign-in',
      {
        attachValidation: true,
        schema: { body: signInSchema.nullish(), response: { 200: signInResponseSchema } },
        config: { rateLimit: { max: deps.signInPerMinute, timeWindow: '1 minute' } },
      },
      async (request) =>
        auth.signIn(request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 300),
        }),
    );

    app.post(
      '/auth/refresh',
      {
        schema: { body: refreshSchema, response: { 200: signInResponseSchema } },
        config: { rateLimit: { max: deps.signInPerMinute * 6, timeWindow: '1 minute' } },
      },
      async (request) => auth.refresh(request.body.refresh_token),
    );

    app.post(
      '/auth/sign-out',
      {
        schema: { body: signOutSchema.nullish(), response: { 204: noContentSchema } },
        onRequest: guards.authenticated,
      },
      async (request, reply) => {
        await auth.signOut(requireAuth(request), request.body?.scope ?? 'local');
        return reply.status(204).send();
      },
    );

    app.get(
      '/auth/me',
      { onRequest: guards.authenticated, schema: { response: { 200: meResponseSchema } } },
      async (request) => auth.me(requireAuth(request)),
    );
  };
