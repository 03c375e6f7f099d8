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
