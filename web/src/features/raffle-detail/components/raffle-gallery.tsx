import { RAFFLE_GALLERY_SIZES, raffleImageSources } from '@domain/images';
import { ChevronLeft, ChevronRight, Gift } from 'lucide-react';
import { type UIEvent, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { photoLoading } from '@/lib/photo-sources';
import { raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.hero;

/** Prize photos in a swipeable strip; a fixed 4:3 frame so nothing jumps, and no broken images. */
export function RaffleGallery({ name, images }: { name: string; images: string[] }) {
  const [failed, setFailed] = useState<string[]>([]);
  const [loaded, setLoaded] = useState<string[]>([]);
  const [index, setIndex] = useState(0);
  const strip = useRef<HTMLElement>(null);
  const shown = images.filter((src) => !failed.includes(src));

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
  };

  const show = (photo: number) => {
    const el = strip.current;
    if (el) el.scrollTo({ left: photo * el.clientWidth, behavior: 'smooth' });
  };

  if (shown.length === 0) {
    return (
      <div className="relative flex aspect-[4/3] w-full flex-col items-center justify-center gap-3 overflow-hidden rounded-[var(--radius-card)] bg-gradient-to-br from-brand-700 via-brand-600 to-fuchsia-500 text-white shadow-[var(--shadow-card)]">
        <span className="flex size-20 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/30">
          <Gift aria-hidden className="size-10" />
        </span>
        <p className="px-6 text-center text-lg font-semibold leading-tight">{name}</p>
        <p className="text-xs text-white/80">{t.noPhoto}</p>
      </div>
    );
  }

  return (
    <div className="relative aspect-[4/3] w-full overflow-hidden rounded-[var(--radius-card)] bg-zinc-200 shadow-[var(--shadow-card)]">
      <section
        ref={strip}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable strip must be reachable by keyboard, so the arrow keys can scroll it
        tabIndex={0}
        aria-label={t.gallery(name)}
        className="flex h-full snap-x snap-mandatory overflow-x-auto outline-none [scrollbar-width:none] focus-visible:ring-4 focus-visible:ring-brand-600 focus-visible:ring-inset"
        onScroll={shown.length > 1 ? onScroll : undefined}
      >
        {shown.map((src, i) => (
          <img
            key={src}
            {...raffleImageSources(src)}
            sizes={RAFFLE_GALLERY_SIZES}
            alt={t.photoOf(name, i + 1, shown.length)}
            {...photoLoading(i === 0)}
            decoding="async"
            onLoad={() => setLoaded((list) => [...list, src])}
            onError={() => setFailed((list) => [...list, src])}
            className={cn(
              'h-full w-full shrink-0 snap-center object-cover transition-opacity duration-300',
              // The first photo is the page's largest paint: it shows as it arrives, no fade-in.
              i === 0 || loaded.includes(src) ? 'opacity-100' : 'opacity-0',
            )}
          />
        ))}
      </section>
      {shown.length > 1 && (
        <>
          <span className="absolute top-3 right-3 rounded-full bg-zinc-950/60 px-2.5 py-1 text-xs font-medium text-white">
            {t.photoCounter(Math.min(index, shown.length - 1) + 1, shown.length)}
          </span>
          {index > 0 && <GalleryArrow side="left" label={t.previousPhoto} onClick={() => show(index - 1)} />}
          {index < shown.length - 1 && (
            <GalleryArrow side="right" label={t.nextPhoto} onClick={() => show(index + 1)} />
          )}
          <GalleryDots photos={shown} current={index} onShow={show} />
        </>
      )}
    </div>
  );
}

/**
 * One dot per photo, each a button to it. The dot keeps its 8 px look; the button around it is the
 * target: 24 px with a mouse, up to 40 px for a finger (UX.md), narrower only when ten photos would
 * not fit the frame. The dot sits where it always did, 12 px above the frame's edge.
 */
function GalleryDots({
  photos,
  current,
  onShow,
}: {
  photos: string[];
  current: number;
  onShow: (photo: number) => void;
}) {
  return (
    <div className="pointer-events-none absolute inset-x-3 bottom-0 flex justify-center">
      {photos.map((src, i) => (
        <button
          key={src}
          type="button"
          onClick={() => onShow(i)}
          aria-label={t.showPhoto(i + 1, photos.length)}
          aria-current={i === current || undefined}
          className="group pointer-events-auto flex h-6 min-w-6 max-w-6 flex-1 items-end justify-center pb-3 outline-none pointer-coarse:h-10 pointer-coarse:max-w-10"
        >
          <span
            className={cn(
              'size-2 rounded-full group-focus-visible:ring-2 group-focus-visible:ring-brand-600 group-focus-visible:ring-offset-1',
              i === current ? 'bg-white' : 'bg-white/50',
            )}
          />
        </button>
      ))}
    </div>
  );
}

function GalleryArrow({
  side,
  label,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  onClick: () => void;
}) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        'absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-zinc-900 shadow-md hover:bg-white',
        side === 'left' ? 'left-3' : 'right-3',
      )}
    >
      <Icon aria-hidden className="size-5" />
    </button>
  );
}
