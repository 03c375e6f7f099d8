import { imageVariantUrl, isUploadedFileUrl, RAFFLE_IMAGE_WIDTHS } from '@domain/images';

/**
 * `src`/`srcSet` of a prize photo: for a photo uploaded here, its WebP copies (400, 800, 1600 px),
 * so a phone downloads the smallest one that fills its screen; any other URL as it is.
 */
export function photoSources(url: string): { src: string; srcSet?: string } {
  if (!isUploadedFileUrl(url)) return { src: url };
  return {
    src: imageVariantUrl(url, 800),
    srcSet: RAFFLE_IMAGE_WIDTHS.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(', '),
  };
}

/**
 * Loading hints: the first photo on screen (the page's largest paint) is fetched at once and
 * ahead of the rest; the others wait until they are about to scroll into view.
 */
export const photoLoading = (priority: boolean) =>
  priority ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy' } as const);
