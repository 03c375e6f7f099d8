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
        schema: {
          operationId: 'signIn',
          summary: 'Iniciar sesión con correo o teléfono y contraseña',
          body: signInSchema.nullish(),
          response: { 200: signInResponseSchema },
        },
        // Tokens: never stored by a cache (RFC 6749 section 5.1).
        config: { rateLimit: { max: deps.signInPerMinute, timeWindow: '1 minute' }, noStore: true },
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
        schema: {
          operationId: 'refreshSession',
          summary: 'Renovar la sesión con el token de refresco (rotación)',
          body: refreshSchema,
          response: { 200: signInResponseSchema },
        },
        config: { rateLimit: { max: deps.signInPerMinute * 6, timeWindow: '1 minute' }, noStore: true },
      },
      async (request) => auth.refresh(request.body.refresh_token),
    );

    app.post(
      '/auth/sign-out',
      {
        schema: {
          operationId: 'signOut',
          summary: 'Cerrar esta sesión o todas las del usuario',
          body: signOutSchema.nullish(),
          response: { 204: noContentSchema },
        },
        onRequest: guards.authenticated,
      },
      async (request, reply) => {
        await auth.signOut(requireAuth(request), request.body?.scope ?? 'local');
        return reply.status(204).send();
      },
    );

    app.get(
      '/auth/me',
      {
        onRequest: guards.authenticated,
        schema: {
          operationId: 'getCurrentUser',
          summary: 'Usuario y perfil de la sesión',
          response: { 200: meResponseSchema },
        },
      },
      async (request) => auth.me(requireAuth(request)),
    );
  };
