import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refreshSchema, signOutSchema } from '../../../domain/auth';
import { type Guards, requireAuth } from '../../lib/guards';
import type { AuthService } from './auth.service';

export const authRoutes =
  (deps: { auth: AuthService; guards: Guards; signInPerMinute: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth, guards } = deps;

    // The body is checked by the service so a missing field gets the auth service's own message.
    app.post(
      '/auth/sign-in',
      {
        schema: { body: z.record(z.string(), z.unknown()).optional() },
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
        schema: { body: refreshSchema },
        config: { rateLimit: { max: deps.signInPerMinute * 6, timeWindow: '1 minute' } },
      },
      async (request) => auth.refresh(request.body.refresh_token),
    );

    app.post(
      '/auth/sign-out',
      { schema: { body: signOutSchema.optional() }, preHandler: guards.authenticated },
      async (request, reply) => {
        await auth.signOut(requireAuth(request), request.body?.scope ?? 'local');
        return reply.status(204).send();
      },
    );

    app.get('/auth/me', { preHandler: guards.authenticated }, async (request) =>
      auth.me(requireAuth(request)),
    );
  };
