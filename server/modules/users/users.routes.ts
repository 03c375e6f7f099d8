import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../domain/api';
import { userListSchema } from '../../../domain/api-routes';
import { createUserSchema, updateUserSchema, userSchema } from '../../../domain/users';
import { type Guards, requireAuth } from '../../lib/guards';
import type { UsersService } from './users.service';

export const usersRoutes =
  (deps: { users: UsersService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { users, guards } = deps;
    app.addHook('onRequest', guards.admin);

    app.get('/users', { schema: { response: { 200: userListSchema } } }, async () => users.list());

    app.post(
      '/users',
      { schema: { body: createUserSchema, response: { 201: userSchema } } },
      async (request, reply) => reply.status(201).send(await users.create(request.body)),
    );

    app.patch(
      '/users/:id',
      {
        schema: {
          params: idParams,
          body: updateUserSchema,
          response: { 200: userSchema },
        },
      },
      async (request) => users.update(requireAuth(request).userId, request.params.id, request.body),
    );
  };
