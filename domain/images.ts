/**
 * Widths (px) of the WebP copies made of every raffle photo when it is uploaded. The web lists
 * them in `srcset` and the phone picks the smallest that fills its screen.
 */
export const RAFFLE_IMAGE_WIDTHS = [400, 800, 1600] as const;
export type RaffleImageWidth = (typeof RAFFLE_IMAGE_WIDTHS)[number];

const UPLOADED_FILE_URL = /^\/api\/files\/[^/?#]+$/;

/** A photo uploaded here (`/api/files/<key>`), as opposed to any other URL. */
export const isUploadedFileUrl = (url: string): boolean => UPLOADED_FILE_URL.test(url);

/**
 * One width of an uploaded raffle photo. The server answers with the original when that copy does
 * not exist (photos uploaded before copies were made, or ones the image library could not read).
 */
export const imageVariantUrl = (fileUrl: string, width: RaffleImageWidth): string => `${fileUrl}?w=${width}`;

/** `src` and `srcset` of a raffle photo: its WebP copies when uploaded here, else the URL as is. */
export function raffleImageSources(url: string): { src: string; srcSet?: string } {
  if (!isUploadedFileUrl(url)) return { src: url };
  return {
    src: imageVariantUrl(url, 800),
    srcSet: RAFFLE_IMAGE_WIDTHS.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(', '),
  };
}

/*
 * How wide each photo shows (`sizes`). The server preloads the first photo of a page with the same
 * value, so the browser picks the same copy for the preload and for the <img>.
 */
/** Home cards: one column on phones, two from 640 px, three (of a 72rem page) from 1024 px. */
export const RAFFLE_CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';
/** Raffle page gallery: full width on phones; beside the price card from 1024 px. */
export const RAFFLE_GALLERY_SIZES = '(min-width: 1024px) 600px, 100vw';

/** The alt text of a raffle page photo; the server's first paint uses it too (same words). */
/** A raffle card's photo (home page). */
export const prizePhotoAlt = (name: string) => `Premio de la rifa ${name}`;

export const galleryPhotoAlt = (name: string, index: number, count: number) =>
  `${name}: foto ${index} de ${count}`;
