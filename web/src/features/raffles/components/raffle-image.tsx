import { Gift } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { rafflesTexts } from '../texts';

type RaffleImageProps = { src?: string; alt: string; className?: string; iconClassName?: string };

/**
 * The prize photo in a fixed-ratio frame (no layout jump while it loads). A missing or broken
 * image becomes a quiet placeholder instead of the browser's broken-image icon.
 */
export function RaffleImage({ src, alt, className, iconClassName }: RaffleImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <div className={cn('relative overflow-hidden bg-gradient-to-br from-brand-50 to-zinc-100', className)}>
      {showImage ? (
        <img
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full object-cover"
          onError={() => setFailedSrc(src ?? null)}
        />
      ) : (
        <div
          role="img"
          aria-label={rafflesTexts.card.noImage}
          className="absolute inset-0 flex items-center justify-center text-brand-600/60"
        >
          <Gift aria-hidden className={cn('size-12', iconClassName)} />
        </div>
      )}
    </div>
  );
}
