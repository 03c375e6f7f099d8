import { QUICKNET, roundTime } from '../../../domain/beacon';
import type { DrawResult } from '../../../domain/draw';
import { lotteryRuleText } from '../../../domain/draw-terms';
import { isClosedStatus } from '../../../domain/raffle-lifecycle';
import { sealView } from '../draw-seal/draw-seal.service';
import type { InstantWinsService } from '../instant-wins/instant-wins.service';
import type { RaffleRow } from './raffles.repo';

/** The public draw answer of a raffle, but for its later prizes: its list, source, result and winner. */
export async function mainDrawView(
  instantWins: Pick<InstantWinsService, 'revealed'>,
  row: RaffleRow,
  winner: DrawResult['winner'],
): Promise<Omit<DrawResult, 'prizes'>> {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  // Secret until the sold list froze: the list and salt let anyone recompute the commitment.
  const revealed =
    row.instantWinCommitment !== null && row.closedAt !== null && isClosedStatus(row.status)
      ? await instantWins.revealed(row.id)
      : null;
  return {
    draw_source: row.drawSource,
    draw_commitment: row.drawCommitment,
    // Version 2 lists are downloaded from sold_list_url (one compressed file for everyone); the
    // text travels in this answer only for the small lists of raffles closed before issue 19.
    sold_list: row.commitmentVersion === 1 ? row.drawSoldList : null,
    sold_list_url: row.drawCommitment !== null ? `/api/raffles/${row.id}/sold-list.txt` : null,
    commitment_version: row.commitmentVersion,
    line_count: row.lineCount,
    closed_at: iso(row.closedAt),
    timestamp: sealView(row),
    source: {
      kind: row.drawKind as DrawResult['source']['kind'],
      lottery: row.drawLottery,
      draw_at: iso(row.drawAt),
      rule: row.drawRule,
      rule_text: row.drawRule ? lotteryRuleText(row.drawRule, row.digitCount, row.totalNumbers) : null,
      beacon:
        row.beaconRound !== null
          ? {
              round: row.beaconRound,
              randomness: row.beaconRandomness,
              signature: row.beaconSignature,
              chain_hash: QUICKNET.chainHash,
              time: roundTime(row.beaconRound).toISOString(),
            }
          : null,
    },
    result: row.drawResult,
    winning_number: row.winningNumber,
    drawn_at: iso(row.drawnAt),
    audit_head: row.auditHead,
    winner,
    instant_win_commitment: row.instantWinCommitment,
    instant_wins: revealed?.list ?? null,
    instant_win_salt: revealed?.salt ?? null,
  };
}
