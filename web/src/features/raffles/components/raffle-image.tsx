import { raffleImageSources } from '@domain/images';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { photoLoading } from '@/lib/photo-sources';
import { rafflesTexts } from '../texts';

type RaffleImageProps = {
  src?: string;
  alt: string;
  /** The width the photo takes on screen (`sizes`), so the browser picks the right copy. */
  sizes: string;
  /** The first photo on screen: fetched at once, ahead of everything else. */
  priority?: boolean;
  className?: string;
  iconClassName?: string;
  /** A thumbnail: the placeholder shows the icon only. */
  compact?: boolean;
};

/**
 * The prize photo in a fixed-ratio frame (no layout jump while it loads). A raffle without a photo,
 * or a broken one, gets a designed placeholder in the brand colours rather than an empty box.
 */
export function RaffleImage({
  src,
  alt,
  sizes,
  priority = false,
  className,
  iconClassName,
  compact = false,
}: RaffleImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = failedSrc !== src;
  return (
    <div className={cn('relative overflow-hidden bg-zinc-100', className)}>
      {src && showImage ? (
        <img
          {...raffleImageSources(src)}
          sizes={sizes}
          alt={alt}
          {...photoLoading(priority)}
          decoding="async"
          className="absolute inset-0 size-full object-cover"
          onError={() => setFailedSrc(src ?? null)}
        />
      ) : (
        <div
          role="img"
          aria-label={rafflesTexts.card.noImage}
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-700 via-brand-600 to-fuchsia-500 text-white"
        >
          {compact ? (
            <Gift aria-hidden className={cn('size-7', iconClassName)} />
          ) : (
            <>
              <span className="flex size-14 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/30">
                <Gift aria-hidden className={cn('size-7', iconClassName)} />
              </span>
              <span aria-hidden className="text-xs font-medium text-white/85">
                {rafflesTexts.card.noImageSoon}
              </span>
            </>
          )}
        </div>
      )}
    </div>
  );
}
