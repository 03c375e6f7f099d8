import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { isStorageKey, type Storage } from './storage-contract';

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …) through the official SDK.
 * Several instances sharing the bucket serve each other's files; the database keeps the metadata.
 */
export function createS3Storage(config: S3Config): Storage & { close(): void } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined, // the SDK's own default (AWS) when unset
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials ?? undefined, // the SDK's own chain when unset
    // The SDK's default checksums (CRC32 trailers, aws-chunked bodies) are refused by several
    // S3-compatible stores; only send and check them where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering must not hold an upload or a download forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = config.bucket;
  const assertKey = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  };

  return {
    async put(key, bytes, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },

    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        // In Node the SDK's body is an http.IncomingMessage, a Readable.
        if (!(Body instanceof Readable)) throw new Error('S3 answered without a readable body');
        return Body;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertKey(key);
      // S3 answers 204 for an unknown key as well.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    close: () => client.destroy(),
  };
}
