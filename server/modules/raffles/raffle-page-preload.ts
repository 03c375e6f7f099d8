import {
  galleryPhotoAlt,
  prizePhotoAlt,
  RAFFLE_CARD_SIZES,
  RAFFLE_GALLERY_SIZES,
  raffleImageSources,
} from '../../../domain/images';
import { formatUsd } from '../../../domain/money';
import type { PublicRaffleRow } from '../../db/rows';
import type { PagePreload, SharePreview } from '../../lib/web-app';
import type { RafflesService } from './raffles.service';

// The web's public pages (web/src/config/paths.ts): home `/` and a raffle `/raffle/:id`, with the
// source file of each screen (web/src/app/router.tsx) and the API calls its loader makes.
const RAFFLE_PAGE = /^\/raffle\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
/** A seller's short link (`/v/:code/:id`, decision 036): the page that keeps the code opens the raffle. */
const SELLER_LINK =
  /^\/v\/([A-Za-z0-9]{4,16})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const HOME_SOURCE = 'src/features/raffles/pages/home-page.tsx';
const RAFFLE_SOURCE = 'src/features/raffle-detail/pages/raffle-detail-page.tsx';
const RATES_API = '/api/exchange-rates';

/** What index.html says of the site (its title and description): the home page's link preview. */
const SITE_TITLE = 'Rifas — Rifas virtuales garantizadas';
const SITE_DESCRIPTION =
  'Rifas virtuales garantizadas: elige tus números, apártalos y sigue tu ticket en línea.';
/** Chat apps cut a preview's text near here. */
const SHARE_DESCRIPTION_CHARS = 200;

/** Up to `max` characters, cut between words, with "…" when anything was left out. */
function clip(text: string, max: number) {
  // By code points: an emoji is never cut in half.
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * A raffle photo for a link preview: its 800-px copy when uploaded here (WebP, or the original for a
 * photo from before the copies: no type is claimed), else the address as it is.
 */
function shareImage(photo: string | undefined, name: string): SharePreview['image'] {
  if (!photo) return null;
  return { path: raffleImageSources(photo).src, alt: prizePhotoAlt(name) };
}

/** A raffle's link preview: its name, the price per number and its description, and the first photo. */
export function raffleShare(
  raffle: Pick<PublicRaffleRow, 'id' | 'name' | 'description' | 'priceCents' | 'images'>,
) {
  const price = raffle.priceCents === 0 ? 'Números gratis.' : `${formatUsd(raffle.priceCents)} por número.`;
  return {
    title: raffle.name,
    description: clip(`${price} ${raffle.description}`, SHARE_DESCRIPTION_CHARS),
    path: `/raffle/${raffle.id}`,
    image: shareImage(raffle.images[0], raffle.name),
  } satisfies SharePreview;
}

/**
 * The largest paint of the home and raffle pages is the first prize photo, and the app only asks
 * for it after its code and data arrive. Named in the HTML (with the page's code and data), it
 * downloads alongside the app's entry instead (about a second sooner on a slow phone connection).
 * Only photos anyone may see.
 */
export function createRafflePagePreload(raffles: RafflesService) {
  return async (pathname: string): Promise<PagePreload | null> => {
    if (pathname === '/') {
      const cover = await raffles.homeCover();
      return {
        page: HOME_SOURCE,
        fetches: ['/api/raffles?status=activa', RATES_API],
        image: cover ? { ...raffleImageSources(cover.photo), sizes: RAFFLE_CARD_SIZES } : null,
        // The first prize on screen while the app loads, as on a raffle page.
        firstPaint: cover ? { title: cover.name, imageAlt: prizePhotoAlt(cover.name) } : undefined,
        share: {
          title: SITE_TITLE,
          description: SITE_DESCRIPTION,
          path: '/',
          image: cover ? shareImage(cover.photo, cover.name) : null,
        },
      };
    }
    // What sellers paste in their chats: the raffle's preview, under the link itself (a preview that
    // opens og:url, as Facebook's does, keeps the seller's code).
    const seller = SELLER_LINK.exec(pathname);
    if (seller?.[1] && seller[2]) {
      const raffle = await raffles.getVisibleSummary(seller[2]).catch(() => null);
      return raffle ? { share: { ...raffleShare(raffle), path: `/v/${seller[1]}/${raffle.id}` } } : null;
    }
    const id = RAFFLE_PAGE.exec(pathname)?.[1];
    if (!id) return null;
    const raffle = await raffles.getVisibleSummary(id).catch(() => null); // a draft or unknown: nothing
    if (!raffle) return { page: RAFFLE_SOURCE };
    const photo = raffle.images[0];
    return {
      page: RAFFLE_SOURCE,
      fetches: [`/api/raffles/${raffle.id}`, RATES_API],
      image: photo ? { ...raffleImageSources(photo), sizes: RAFFLE_GALLERY_SIZES } : null,
      firstPaint: { title: raffle.name, imageAlt: galleryPhotoAlt(raffle.name, 1, raffle.images.length) },
      share: raffleShare(raffle),
    };
  };
}
