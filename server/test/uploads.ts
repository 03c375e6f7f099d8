import type { ApiError } from '../../domain/api';
import type { UploadedFile } from '../../domain/uploads';
import type { TestApp } from './test-app';

/** Tiny real images (2 x 2 pixels): a raffle photo must decode, so its copies can be made. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4EKBwIECBAUIBACPOBMFIC4CIAAAAAElFTkSuQmCC',
  'base64',
);
export const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCIAHKK/9k=',
  'base64',
);
export const WEBP = Buffer.from(
  'UklGRjoAAABXRUJQVlA4IC4AAADQAQCdASoCAAIAAUAmJaACdLoB+AADsAD+6tR//NgVzXPv9/+rQ+Wh8tD+AAAA',
  'base64',
);
/** A PNG signature and nothing else: passes the content check, but no library can decode it. */
export const UNREADABLE_PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82,
]);
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

export type UploadOptions = {
  kind?: string;
  token?: string;
  filename?: string;
  type?: string;
  field?: string;
  headers?: Record<string, string>;
};

/**
 * A real multipart request, as the browser's FormData sends it. `T` names the body read:
 * `UploadedFile` (201) or `ApiError`.
 */
export async function upload<T = unknown>(
  app: Pick<TestApp, 'baseUrl'>,
  bytes: Buffer,
  options: UploadOptions = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const form = new FormData();
  const blob = new Blob([new Uint8Array(bytes)], { type: options.type ?? 'application/octet-stream' });
  form.append(options.field ?? 'file', blob, options.filename ?? 'archivo.bin');
  const query = options.kind ? `?kind=${options.kind}` : '';
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${app.baseUrl}/api/uploads${query}`, { method: 'POST', body: form, headers });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

/** An upload that must succeed: its `fileUrl` and `key`. */
export async function uploaded(app: Pick<TestApp, 'baseUrl'>, bytes: Buffer, options: UploadOptions = {}) {
  const res = await upload<UploadedFile>(app, bytes, options);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** `GET /api/files/<key>` (a query string may follow the key), as raw bytes. */
export async function download(
  app: Pick<TestApp, 'baseUrl'>,
  key: string,
  token?: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${app.baseUrl}/api/files/${key}`, {
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The `error` of an error answer read as bytes. */
export const errorOf = (bytes: Buffer) => (JSON.parse(bytes.toString('utf8')) as ApiError).error;
