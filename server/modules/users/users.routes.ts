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
    // Admins only. The guard is on each route (not a plugin hook): the contract reads it there.
    const onRequest = guards.admin;

    app.get(
      '/users',
      {
        onRequest,
        schema: {
          operationId: 'listUsers',
          summary: 'Usuarios del sistema',
          response: { 200: userListSchema },
        },
      },
      async () => users.list(),
    );

    app.post(
      '/users',
      {
        onRequest,
        schema: {
          operationId: 'createUser',
          summary: 'Crear un usuario (admin o vendedor)',
          body: createUserSchema,
          response: { 201: userSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await users.create(request.body)),
    );

    app.patch(
      '/users/:id',
      {
        onRequest,
        schema: {
          operationId: 'updateUser',
          summary: 'Editar un usuario: rol, datos, contraseña o bloqueo',
          params: idParams,
          body: updateUserSchema,
          response: { 200: userSchema },
        },
      },
      async (request) => users.update(requireAuth(request).userId, request.params.id, request.body),
    );
  };
