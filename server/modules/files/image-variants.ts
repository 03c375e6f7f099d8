import sharp from 'sharp';
import { RAFFLE_IMAGE_WIDTHS, type RaffleImageWidth } from '../../../domain/images';

// A 5 MB file can still claim 30,000 x 30,000 pixels; decoding that would take gigabytes. 40 MP is
// more than any phone camera, and a bigger photo is kept as is, without copies.
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 75;

export type ImageVariant = { width: RaffleImageWidth; bytes: Buffer };

/** Key of one width's copy, beside the original's key (`<uuid>.jpg` -> `<uuid>-w800.webp`). */
export const variantKey = (key: string, width: RaffleImageWidth) =>
  `${key.replace(/\.[a-z0-9]+$/, '')}-w${width}.webp`;

/**
 * WebP copies of a photo at each width: turned upright as its EXIF says, never enlarged (a small
 * photo gives copies of its own size), metadata such as GPS position dropped. Null when the bytes
 * pass the signature check but are no image the library can decode: the original alone is served.
 */
export async function makeImageVariants(bytes: Buffer): Promise<ImageVariant[] | null> {
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    return await Promise.all(
      RAFFLE_IMAGE_WIDTHS.map(async (width) => ({
        width,
        bytes: await source
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer(),
      })),
    );
  } catch {
    return null;
  }
}
