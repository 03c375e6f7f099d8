import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nonJsonResponse, notModifiedSchema } from '../../../domain/api';
import { fileKeyParams, fileQuery, uploadQuery } from '../../../domain/api-routes';
import type { RaffleImageWidth } from '../../../domain/images';
import { uploadBodySchema, uploadedFileSchema } from '../../../domain/uploads';
import { clientAddress } from '../../lib/client-address';
import { type Guards, guard } from '../../lib/guards';
import { multipartLimits, readUploadedFile } from './files.multipart';
import type { FilesService } from './files.service';

const YEAR_SECONDS = 365 * 24 * 3600;

// The rate-limit hook runs before validation, so it reads the raw query: each kind has its own bucket.
const uploadKindOf = (request: FastifyRequest) =>
  (request.query as { kind?: unknown } | undefined)?.kind === 'raffle-image'
    ? 'raffle-image'
    : 'payment-proof';

export const filesRoutes =
  (deps: { files: FilesService; guards: Guards; uploadsPerMinute: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const { files, guards } = deps;
    // Registered here so only the upload route accepts multipart bodies.
    await app.register(multipart, { limits: multipartLimits });

    // A stale token must not hide a public image: an invalid session just counts as anonymous.
    const lenientAuth = guard('optional', async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await guards.optional(request, reply);
      } catch {
        request.auth = undefined;
      }
    });

    app.post(
      '/uploads',
      {
        onRequest: guards.optional,
        schema: {
          operationId: 'uploadFile',
          summary: 'Subir un comprobante de pago o una foto de rifa (personal)',
          querystring: uploadQuery,
          multipartBody: uploadBodySchema,
          response: { 201: uploadedFileSchema },
        },
        config: {
          rateLimit: {
            max: deps.uploadsPerMinute,
            timeWindow: '1 minute',
            keyGenerator: (request) => `${clientAddress(request)}|${uploadKindOf(request)}`,
          },
        },
      },
      async (request, reply) => {
        const { kind } = request.query;
        // Before reading a byte of the body: who may upload, and whether this IP has bytes left.
        files.authorizeUpload(kind, request.auth);
        await files.assertQuotaLeft(clientAddress(request));
        const bytes = await readUploadedFile(request);
        return reply
          .status(201)
          .send(await files.upload({ bytes, kind, actor: request.auth, ip: clientAddress(request) }));
      },
    );

    app.get(
      '/files/:key',
      {
        onRequest: lenientAuth,
        schema: {
          operationId: 'getFile',
          summary: 'Un archivo subido: foto de rifa (pública) o comprobante (personal de la rifa)',
          params: fileKeyParams,
          querystring: fileQuery,
          response: {
            200: nonJsonResponse(
              'El archivo: imagen (JPEG, PNG, WebP) o PDF',
              ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
              { binary: true },
            ),
            304: notModifiedSchema,
          },
        },
      },
      async (request, reply) => {
        const width = request.query.w ? (Number(request.query.w) as RaffleImageWidth) : undefined;
        const { file, stream, variant } = await files.open(request.params.key, request.auth, width);
        const etag = variant ? `"${file.sha256}-w${variant.width}"` : `"${file.sha256}"`;
        reply
          .header('etag', etag)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header(
            'cache-control',
            file.kind === 'raffle-image' ? `public, max-age=${YEAR_SECONDS}, immutable` : 'private, no-store',
          );
        if (request.headers['if-none-match'] === etag) {
          stream.destroy();
          return reply.status(304).send();
        }
        if (variant) {
          return reply
            .type('image/webp')
            .header('content-disposition', `inline; filename="${variant.key}"`)
            .send(stream);
        }
        // PDFs download instead of opening in a page of our origin; images show inline.
        const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
        return reply
          .type(file.contentType)
          .header('content-length', file.sizeBytes)
          .header('content-disposition', `${disposition}; filename="${file.key}"`)
          .send(stream);
      },
    );
  };
