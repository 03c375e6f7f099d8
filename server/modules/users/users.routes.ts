import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUserSchema, updateUserSchema } from '../../../domain/users';
import { type Guards, requireAuth } from '../../lib/guards';
import type { UsersService } from './users.service';

export const usersRoutes =
  (deps: { users: UsersService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { users, guards } = deps;
    app.addHook('preHandler', guards.admin);

    app.get('/users', async () => users.list());

    app.post('/users', { schema: { body: createUserSchema } }, async (request, reply) => {
      return reply.status(201).send(await users.create(request.body));
    });

    app.patch(
      '/users/:id',
      { schema: { params: z.object({ id: z.uuid('Identificador inválido') }), body: updateUserSchema } },
      async (request) => users.update(requireAuth(request).userId, request.params.id, request.body),
    );
  };
