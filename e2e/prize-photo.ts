import zlib from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN, apiSignIn, expect } from './fixtures';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real 640x480 PNG (a diagonal gradient between two colours) that browsers draw: prize photos
 * for pages that must show a gallery, without binary fixtures in the repository.
 */
export function prizePhotoPng(from: [number, number, number], to: [number, number, number]): Buffer {
  const width = 640;
  const height = 480;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) {
        rows[row + 1 + x * 3 + c] = Math.round((from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads two prize photos as the admin and returns their URLs, for `images` of a raffle. */
export async function uploadPrizePhotos(request: APIRequestContext): Promise<string[]> {
  const session = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const urls: string[] = [];
  const colours: [number, number, number][][] = [
    [
      [245, 158, 11],
      [185, 28, 28],
    ],
    [
      [14, 165, 233],
      [109, 40, 217],
    ],
  ];
  for (const [i, [from, to]] of colours.entries()) {
    const response = await request.post('/api/uploads?kind=raffle-image', {
      headers: { Authorization: `Bearer ${session.access_token}` },
      multipart: {
        file: { name: `premio-${i + 1}.png`, mimeType: 'image/png', buffer: prizePhotoPng(from, to) },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    urls.push(((await response.json()) as { fileUrl: string }).fileUrl);
  }
  return urls;
}
