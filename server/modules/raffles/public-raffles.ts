import { z } from 'zod';
import { publicRaffleListSchema } from '../../../domain/api-routes';
import { type PaymentType, publicRaffleSchema, type RaffleCounts } from '../../../domain/raffles';
import { type Encoding, encodedBody } from '../../lib/encoded-body';
import { createReadsInFlight } from '../../lib/reads-in-flight';
import { toRaffle } from './raffle-rows';
import type { PublicRaffleRow } from './raffles.repo';

/** How long a cached raffle row or list is trusted before it is read again (a missed change heals). */
const ROW_TTL_MS = 2_000;
/** Raffle pages and public lists kept per instance; the least recently served is dropped first. */
const MAX_PAGES = 500;
const MAX_LISTS = 50;
/** A longer list counts its raffles with one query instead of keeping a board of each in memory. */
export const LIST_FROM_BOARDS_MAX = 100;

export type PublicListFilters = { status?: string; payment_type?: PaymentType; seller_id?: string };
type Counted = { counts: RaffleCounts; totalNumbers: number };
type Version = { stamp: string; answer: ReturnType<typeof encodedBody> };
type Row = { row: PublicRaffleRow | null; view: string; revision: number; checkedAt: number };
type List = { rows: PublicRaffleRow[]; view: string; revision: number; checkedAt: number };

let revisions = 0;

/** Map order is insertion order: re-inserting keeps the most recently used last. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) {
    const oldest = map.keys().next().value;
    if (oldest === undefined) break;
    map.delete(oldest);
  }
}

/**
 * The public raffle page and home list answers, from memory (decision 027): the raffle rows without
 * their sold list, cached and dropped when a raffle changes (here or on another instance:
 * raffle-changes.ts), re-read every ROW_TTL_MS in case a change went unannounced; the counts per
 * status from the boards the change stream already keeps current (board-cache.ts). Each version
 * is serialized once through the public schema (no money, no buyer data) and compressed once per
 * encoding, with a strong ETag. Staff answers (with money) do not come from here.
 */
export function createPublicRaffles(deps: {
  findRow: (id: string) => Promise<PublicRaffleRow | null>;
  listRows: (filters: PublicListFilters) => Promise<PublicRaffleRow[]>;
  /** Whether the public may see this raffle (not a draft, not archived): the lists. */
  isPublic: (row: PublicRaffleRow) => boolean;
  /** Whether its page answers the public: those, and a finished raffle archived with its proof. */
  isPublicPage: (row: PublicRaffleRow) => boolean;
  /** The counts of a raffle from its board in memory (null: no such raffle). */
  counts: (id: string) => Promise<Counted | null>;
  /** The counts of many raffles in one query (a long list; a board that disagrees on the size). */
  countsFor: (rows: PublicRaffleRow[]) => Promise<Map<string, RaffleCounts>>;
  rowTtlMs?: number;
}) {
  const ttl = deps.rowTtlMs ?? ROW_TTL_MS;
  const rows = new Map<string, Row>();
  const lists = new Map<string, List>();
  // A read that started before an invalidation is neither cached nor handed to a later request.
  const readingRows = createReadsInFlight<string, Row>();
  const readingLists = createReadsInFlight<string, List>();
  const pages = new Map<string, Version>();
  const listPages = new Map<string, Version>();

  /** What the public sees of the row (`shown`: on a page or in a list), to tell whether a re-read changed anything. */
  const viewOf = (row: PublicRaffleRow | null, shown: (row: PublicRaffleRow) => boolean) =>
    row && shown(row) ? JSON.stringify(toRaffle(row)) : '';

  async function row(id: string): Promise<Row> {
    const cached = rows.get(id);
    if (cached && Date.now() - cached.checkedAt < ttl) return cached;
    return readingRows.read(id, async (started) => {
      const found = await deps.findRow(id);
      const view = viewOf(found, deps.isPublicPage);
      const before = rows.get(id);
      const next: Row = {
        row: found,
        view,
        revision: before && before.view === view ? before.revision : ++revisions,
        checkedAt: Date.now(),
      };
      if (readingRows.isCurrent(started)) remember(rows, id, next, MAX_PAGES);
      return next;
    });
  }

  async function list(key: string, filters: PublicListFilters): Promise<List> {
    const cached = lists.get(key);
    if (cached && Date.now() - cached.checkedAt < ttl) return cached;
    return readingLists.read(key, async (started) => {
      const found = (await deps.listRows(filters)).filter(deps.isPublic);
      const view = found.map((r) => viewOf(r, deps.isPublic)).join('\n');
      const before = lists.get(key);
      const next: List = {
        rows: found,
        view,
        revision: before && before.view === view ? before.revision : ++revisions,
        checkedAt: Date.now(),
      };
      if (readingLists.isCurrent(started)) remember(lists, key, next, MAX_LISTS);
      return next;
    });
  }

  const stampOf = (c: RaffleCounts) =>
    `${c.disponible},${c.apartado},${c.abonado},${c.pagado},${c.cancelado}`;

  /** The counts of these raffles: from their boards, or one query when that would not do. */
  async function countsOf(listed: PublicRaffleRow[]): Promise<RaffleCounts[]> {
    if (listed.length <= LIST_FROM_BOARDS_MAX) {
      const counted = await Promise.all(listed.map((r) => deps.counts(r.id)));
      // A board read before a resize: counted fresh until it reads the row again.
      if (counted.every((c, i) => c && c.totalNumbers === listed[i]?.totalNumbers))
        return counted.map((c) => (c as Counted).counts);
    }
    const fresh = await deps.countsFor(listed);
    return listed.map((r) => {
      const stats = fresh.get(r.id);
      if (!stats) throw new Error('no counts for a listed raffle');
      return stats;
    });
  }

  const publicStats = (c: RaffleCounts): RaffleCounts => ({
    disponible: c.disponible,
    apartado: c.apartado,
    abonado: c.abonado,
    pagado: c.pagado,
    cancelado: c.cancelado,
  });

  return {
    /** The public answer of `GET /api/raffles/:id` in the wanted encoding, or null (not public). */
    async get(id: string, encoding: Encoding) {
      const { row: found, revision } = await row(id);
      if (!found || !deps.isPublicPage(found)) return null;
      const [counts] = await countsOf([found]);
      if (!counts) return null;
      const stamp = `${revision}|${stampOf(counts)}`;
      let version = pages.get(id);
      if (version?.stamp !== stamp) {
        const json = JSON.stringify(
          z.encode(publicRaffleSchema, { ...toRaffle(found), stats: publicStats(counts) }),
        );
        version = { stamp, answer: encodedBody(Buffer.from(json)) };
      }
      remember(pages, id, version, MAX_PAGES);
      return { etag: version.answer.etag, body: version.answer.body(encoding) };
    },

    /** The public answer of `GET /api/raffles` (not the archived ones) in the wanted encoding. */
    async list(filters: PublicListFilters, encoding: Encoding) {
      const key = JSON.stringify([filters.status ?? '', filters.payment_type ?? '', filters.seller_id ?? '']);
      const { rows: listed, revision } = await list(key, filters);
      const counts = await countsOf(listed);
      const stamp = `${revision}|${counts.map(stampOf).join(';')}`;
      let version = listPages.get(key);
      if (version?.stamp !== stamp) {
        const answer = listed.map((r, i) => ({
          ...toRaffle(r),
          stats: publicStats(counts[i] as RaffleCounts),
        }));
        const json = JSON.stringify(z.encode(publicRaffleListSchema, answer));
        version = { stamp, answer: encodedBody(Buffer.from(json)) };
      }
      remember(listPages, key, version, MAX_LISTS);
      return { etag: version.answer.etag, body: version.answer.body(encoding) };
    },

    /** A raffle changed: its row and every list are read again on their next request. */
    invalidate(id: string) {
      readingRows.invalidate();
      readingLists.invalidate();
      rows.delete(id);
      lists.clear();
    },

    /** After a gap in the change stream: everything is read again. */
    clear() {
      readingRows.invalidate();
      readingLists.invalidate();
      rows.clear();
      lists.clear();
    },
  };
}

export type PublicRaffles = ReturnType<typeof createPublicRaffles>;
