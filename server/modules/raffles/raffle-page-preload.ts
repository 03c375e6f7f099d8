import { RAFFLE_CARD_SIZES, RAFFLE_GALLERY_SIZES, raffleImageSources } from '../../../domain/images';
import type { ImagePreload } from '../../lib/web-app';
import type { RafflesService } from './raffles.service';

// The web's public pages (web/src/config/paths.ts): home `/` and a raffle `/raffle/:id`.
const RAFFLE_PAGE = /^\/raffle\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * The largest paint of the home and raffle pages is the first prize photo, and the app only asks
 * for it after its code and data arrive. Named in the HTML, it downloads alongside the code
 * instead (about a second sooner on a slow phone connection). Only photos anyone may see.
 */
export function createRafflePagePreload(raffles: RafflesService) {
  return async (pathname: string): Promise<ImagePreload | null> => {
    if (pathname === '/') {
      const cover = await raffles.homeCover();
      return cover ? { ...raffleImageSources(cover), sizes: RAFFLE_CARD_SIZES } : null;
    }
    const id = RAFFLE_PAGE.exec(pathname)?.[1];
    if (!id) return null;
    const raffle = await raffles.getVisibleRow(id).catch(() => null); // a draft or unknown: nothing
    const photo = raffle?.images[0];
    return photo ? { ...raffleImageSources(photo), sizes: RAFFLE_GALLERY_SIZES } : null;
  };
}
