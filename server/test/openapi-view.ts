import type { OpenApiDocument } from '../../domain/api';

/**
 * `GET /api/openapi.json` as the tests read it. The domain's `OpenApiDocument` leaves `paths`
 * unknown (it is a document, not a shape of ours); here each part a test looks at is typed as
 * present. A missing one fails the test's assertion (or its read throws), as it would untyped.
 */
export type SchemaView = {
  [keyword: string]: unknown;
  type: string;
  format: string;
  pattern: string;
  nullable: boolean;
  required: string[];
  enum: unknown[];
  anyOf: SchemaView[];
  items: SchemaView;
  properties: Record<string, SchemaView>;
};

/** `content`: a schema per media type. */
export type MediaView = Record<string, { schema: SchemaView }>;

export type OperationView = {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody: { content: MediaView };
  responses: Record<string, { headers: Record<string, unknown>; content: MediaView }>;
};

export type OpenApiView = OpenApiDocument & {
  paths: Record<string, Record<string, OperationView>>;
  components: { securitySchemes: Record<string, unknown> };
  servers?: unknown[];
};
