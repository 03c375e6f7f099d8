import { RAFFLE_IMAGE_WIDTHS, type RaffleImageWidth } from '../../../domain/images';

// A 5 MB file can still claim 30,000 x 30,000 pixels; decoding that would take gigabytes. 40 MP is
// well above a phone's usual photo (12-24 MP); a bigger one is refused before it is decoded.
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The photo's size in pixels as its header says, without decoding it: a few kilobytes read.
 * Null when the header cannot be read.
 */
export async function imagePixels(bytes: Buffer): Promise<number | null> {
  try {
    const { default: sharp } = await import('sharp');
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return width && height ? width * height : null;
  } catch {
    return null;
  }
}
const WEBP_QUALITY = 75;

export type ImageVariant = { width: RaffleImageWidth; bytes: Buffer };

/** Key of one width's copy, beside the original's key (`<uuid>.jpg` -> `<uuid>-w800.webp`). */
export const variantKey = (key: string, width: RaffleImageWidth) =>
  `${key.replace(/\.[a-z0-9]+$/, '')}-w${width}.webp`;

/**
 * WebP copies of a photo at each width: turned upright as its EXIF says, never enlarged (a small
 * photo gives copies of its own size), metadata such as GPS position dropped. Null when the bytes
 * pass the signature check but are no image the library can decode (the upload is then refused).
 */
export async function makeImageVariants(bytes: Buffer): Promise<ImageVariant[] | null> {
  try {
    // Loaded on the first photo, not at start-up: most processes (tests, a fresh server) never resize.
    const { default: sharp } = await import('sharp');
    // Decode once, at the largest width (in sRGB, as the browser shows it), then make each copy
    // from those pixels: decoding a phone photo is the slow part.
    const largest = Math.max(...RAFFLE_IMAGE_WIDTHS);
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    return await Promise.all(
      RAFFLE_IMAGE_WIDTHS.map(async (width) => ({
        width,
        bytes: await pixels
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
