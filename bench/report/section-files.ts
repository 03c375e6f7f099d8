// The sections that write files of their own rather than rows of RESULTS.md: each report rendered,
// written where its BENCH_*_FILE says (so a curated report can be kept while working) and printed.
import fs from 'node:fs';
import path from 'node:path';
import { type Board1mResult, renderBoard1mReport } from '../board1m';
import { type CloseResult, renderCloseReport } from '../close';
import { root } from '../harness';
import { renderMemoryReport } from '../memory';
import { live10kResults, MEMORY_IDLE_MS, memoryResults, pageLoads, pageResults } from '../own-servers';
import { renderPageReport } from '../page';
import { type ReconcileResult, renderReconcileReport } from '../reconcile';
import { type SectionOutcome, wanted } from '../sections';
import { board1mSizes, closeSizes, live10kSizes, QUICK, sizes } from '../sizes';
import type { StaffResult } from '../staff';
import { renderStaffReport } from '../staff-report';
import { renderLive10kReport } from './live10k';

const fileOf = (variable: string, name: string) => process.env[variable] ?? path.join(root, 'bench', name);

function write(file: string, report: string) {
  fs.writeFileSync(file, report);
  console.log(report);
  console.error(`\nwritten to ${file}`);
}

/**
 * Files whose runs are appended at the end, oldest first, under the sessions' own sections: the
 * file keeps the before and the after side by side, and no run writes over what was concluded.
 */
function append(file: string, title: string, report: string) {
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : `# ${title}\n\n`;
  fs.writeFileSync(file, `${previous.trimEnd()}\n\n${report}`);
  console.log(report);
  console.error(`\nappended to ${file}`);
}

/** What the shared server's sections measured (bench/run.ts `measure`), per database label. */
export type SharedSectionResults = {
  reconcile: Record<string, SectionOutcome<ReconcileResult>>;
  close: Record<string, SectionOutcome<CloseResult>>;
  board1m: Record<string, SectionOutcome<Board1mResult>>;
  staff: Record<string, SectionOutcome<StaffResult>>;
};

/** Writes the report of every such section the run asked for. */
export function writeSectionFiles(run: {
  date: Date;
  commit: string;
  load: [number, number];
  shared: SharedSectionResults;
}) {
  const { date, commit, load, shared } = run;
  if (wanted('reconcile'))
    write(
      fileOf('BENCH_RECONCILE_FILE', 'RECONCILE.md'),
      renderReconcileReport({ date, sizes: sizes.reconcile, results: shared.reconcile, load, commit }),
    );
  if (wanted('memory'))
    write(
      fileOf('BENCH_MEMORY_FILE', 'MEMORY.md'),
      renderMemoryReport({ date, idleMs: MEMORY_IDLE_MS, results: memoryResults, load, commit }),
    );
  if (wanted('board1m'))
    write(
      fileOf('BENCH_BOARD_FILE', 'BOARD.md'),
      renderBoard1mReport({ date, sizes: board1mSizes, results: shared.board1m, load, commit }),
    );
  if (wanted('close'))
    write(
      fileOf('BENCH_CLOSE_FILE', 'CLOSE.md'),
      renderCloseReport({ date, sizes: closeSizes, results: shared.close, load, commit }),
    );
  if (wanted('staff'))
    append(
      fileOf('BENCH_STAFF_FILE', 'STAFF.md'),
      'Staff tools bench (issue 20, target 4)',
      renderStaffReport({ date, sizes: sizes.staff, results: shared.staff, load, commit, quick: QUICK }),
    );
  if (wanted('page'))
    write(
      fileOf('BENCH_PAGE_FILE', 'PAGE.md'),
      renderPageReport({
        date,
        quick: QUICK,
        sizes: sizes.page,
        results: pageResults,
        loads: pageLoads,
        commit,
      }),
    );
  if (wanted('live10k'))
    append(
      fileOf('BENCH_LIVE10K_FILE', 'LIVE.md'),
      'Live updates: 10,000 open pages on one instance (issue 20, target 2)',
      renderLive10kReport({ date, commit, sizes: live10kSizes, results: live10kResults }),
    );
}
