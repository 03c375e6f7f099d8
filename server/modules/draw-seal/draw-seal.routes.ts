import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nonJsonResponse, raffleIdParams } from '../../../domain/api';
import { preDrawListParams } from '../../../domain/prizes';
import type { DrawSealService } from './draw-seal.service';

/** A stored seal as a download: it never changes once stored, so anyone may keep a copy. */
const sendSeal = (reply: FastifyReply, der: Buffer, filename: string) =>
  reply
    .type('application/timestamp-reply')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'public, max-age=3600')
    .send(der);

export const drawSealRoutes =
  (deps: { seals: Pick<DrawSealService, 'token'> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/raffles/:id/seal.tsr',
      {
        schema: {
          operationId: 'getRaffleSeal',
          summary: 'Sello de tiempo RFC 3161 del compromiso de una rifa cerrada (archivo .tsr)',
          description:
            'La respuesta DER de la autoridad de sellado (TimeStampResp). Se verifica con ' +
            '`openssl ts -verify -digest <compromiso> -in sello.tsr -CAfile <certificado de la autoridad>`. ' +
            '404 mientras el sello está pendiente o si la rifa no tiene sello.',
          params: raffleIdParams,
          response: {
            200: nonJsonResponse('Sello de tiempo RFC 3161 (DER)', ['application/timestamp-reply'], {
              binary: true,
            }),
          },
        },
      },
      async (request, reply) => {
        const der = await deps.seals.token(request.params.id);
        return sendSeal(reply, der, `sello-${request.params.id}.tsr`);
      },
    );
    app.get(
      '/raffles/:id/prizes/:position/seal.tsr',
      {
        schema: {
          operationId: 'getPreDrawSeal',
          summary: 'Sello de tiempo RFC 3161 de la lista sellada de un pre-sorteo (archivo .tsr)',
          description:
            'La respuesta DER de la autoridad de sellado sobre la raíz de la lista del pre-sorteo ' +
            '(`pre_list.commitment`). Se verifica igual que el sello del cierre. 404 mientras está pendiente.',
          params: preDrawListParams,
          response: {
            200: nonJsonResponse('Sello de tiempo RFC 3161 (DER)', ['application/timestamp-reply'], {
              binary: true,
            }),
          },
        },
      },
      async (request, reply) => {
        const { id, position } = request.params;
        const der = await deps.seals.token(id, position);
        return sendSeal(reply, der, `sello-presorteo-${position}-${id}.tsr`);
      },
    );
  };
