import { formatDateTime } from '@domain/dates';
import { fileSlug } from '@domain/names';
import { soldListLines } from '@domain/verification';
import { Copy, Download, FileText, ShieldCheck } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { CopyButton } from '@/components/copy-button';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getSoldList } from '../api/get-sold-list';
import { isMerkle, type SealedDraw } from '../sealed-draw';
import { raffleDetailTexts } from '../texts';
import { verificationTexts } from '../verification-texts';
import { type ListVerdict, verifyList } from '../verify-list';
import { VerdictBox } from './verdict-box';

const t = raffleDetailTexts.published;
const v = verificationTexts.list;
/** Lines drawn on screen; the copy and the download always carry the whole text. */
const SHOWN_LINES = 500;

type Verdict = { status: 'done'; result: ListVerdict } | { status: 'failed' };

function downloadText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * One "number:hash" line; the number in bold, so a wrapped line still reads where it starts. The
 * text stays the published text exactly (newlines between lines), for copy and for the eye.
 */
function ListLine({ line, first }: { line: string; first: boolean }) {
  const colon = line.indexOf(':');
  return (
    <>
      {!first && '\n'}
      <span className="font-semibold text-zinc-950">{line.slice(0, colon + 1)}</span>
      {line.slice(colon + 1)}
    </>
  );
}

/** The whole list checked: the fingerprint computed here beside the published one, to compare. */
function ListResult({ verdict, closedAt }: { verdict: Verdict; closedAt: string | null }) {
  if (verdict.status === 'failed') return <ErrorAlert>{v.failed}</ErrorAlert>;
  const { match, computed, lines } = verdict.result;
  const title = match ? (closedAt ? v.match(formatDateTime(closedAt)) : v.matchNoDate) : v.noMatch;
  return (
    <VerdictBox tone={match ? 'ok' : 'bad'} title={title} testId="verify-result">
      <p>{match ? v.matchDetail(lines) : v.noMatchDetail}</p>
      <p className="text-xs font-medium">{v.computed}</p>
      <p className="font-mono text-xs break-all">{computed}</p>
      {match && <p className="text-xs">{v.compare}</p>}
    </VerdictBox>
  );
}

/**
 * "Lista publicada": the exact text that was hashed at close, its SHA-256, and a button that
 * hashes it again in the visitor's browser, so trust does not depend on us.
 */
export function PublishedList({ raffleName, draw }: { raffleName: string; draw: SealedDraw }) {
  // The list's text is its own download (sold_list_url; issue 20): fetched only when asked for.
  const [text, setText] = useState<string | null>(draw.sold_list);
  const [loading, setLoading] = useState(false);
  const lines = useMemo(() => soldListLines(text ?? ''), [text]);
  const lineCount = draw.line_count ?? lines.length;
  const [open, setOpen] = useState(false);

  /** The published text, downloaded once. */
  async function listText(): Promise<string | null> {
    if (text !== null) return text;
    setLoading(true);
    try {
      const loaded = await getSoldList(draw);
      setText(loaded);
      return loaded;
    } catch {
      toast.error(t.loadFailed);
      return null;
    } finally {
      setLoading(false);
    }
  }
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [verifying, setVerifying] = useState(false);
  const listId = useId();
  const closedAt = draw.closed_at ?? null;

  async function verify() {
    setVerifying(true);
    try {
      // The file anyone downloads, not the copy on screen: that is what the fingerprint must match.
      const published = await getSoldList(draw);
      setVerdict({ status: 'done', result: verifyList(published, draw) });
    } catch {
      setVerdict({ status: 'failed' });
    } finally {
      setVerifying(false);
    }
  }

  async function copy() {
    const whole = await listText();
    if (whole === null) return;
    try {
      await navigator.clipboard.writeText(whole);
      toast.success(t.copied);
    } catch {
      toast.error(t.copyFailed);
    }
  }

  return (
    <section aria-labelledby="published-title">
      <Card className="grid gap-4 p-4 sm:p-6" data-testid="published-list">
        <div className="grid gap-1">
          <h2
            id="published-title"
            className="flex items-center gap-2 text-xl font-bold tracking-tight text-zinc-900"
          >
            <ShieldCheck aria-hidden className="size-6 text-green-700" />
            {t.title}
          </h2>
          <p className="text-sm text-zinc-600">{t.description}</p>
        </div>

        <div className="grid gap-2 rounded-lg border border-zinc-200 bg-zinc-50 p-3">
          <div className="flex items-center justify-between gap-2">
            <p className="text-xs font-medium text-zinc-500">
              {closedAt ? t.commitmentAt(formatDateTime(closedAt)) : t.commitment}
            </p>
            {draw.draw_commitment && <CopyButton value={draw.draw_commitment} what={v.published} />}
          </div>
          <p className="font-mono text-sm break-all text-zinc-900" data-testid="draw-commitment">
            {draw.draw_commitment}
          </p>
          <p className="text-xs text-zinc-500">{isMerkle(draw) ? v.merkle : v.flat}</p>
        </div>

        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-2 text-sm font-medium text-zinc-800">
            <FileText aria-hidden className="size-4 text-zinc-500" />
            {t.lines(lineCount)}
          </p>
          {lineCount > 0 && (
            <Button
              variant="link"
              size="sm"
              className="px-0"
              aria-expanded={open}
              aria-controls={listId}
              loading={loading}
              onClick={async () => {
                if (!open && (await listText()) === null) return;
                setOpen(!open);
              }}
            >
              {open ? t.hide : t.show}
            </Button>
          )}
        </div>
        {lineCount === 0 ? (
          <p className="text-sm text-zinc-600">{t.empty}</p>
        ) : (
          open && (
            <section
              id={listId}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must be reachable by keyboard, so the arrow keys can scroll it
              tabIndex={0}
              aria-label={t.listLabel}
              className="max-h-72 overflow-auto rounded-lg border border-zinc-200 bg-white p-3"
            >
              {/* Lines wrap instead of scrolling sideways: a phone shows each line whole. */}
              <pre className="font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-zinc-800">
                {lines.slice(0, SHOWN_LINES).map((line, index) => (
                  <ListLine key={line} line={line} first={index === 0} />
                ))}
                {lines.length > SHOWN_LINES && `\n${t.truncated(lines.length - SHOWN_LINES)}`}
              </pre>
            </section>
          )
        )}

        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button className="col-span-2 sm:w-fit" loading={verifying} onClick={verify}>
            {!verifying && <ShieldCheck aria-hidden />}
            {verifying ? t.verifying : t.verify}
          </Button>
          <Button variant="secondary" onClick={copy}>
            <Copy aria-hidden />
            {t.copy}
          </Button>
          <Button
            variant="secondary"
            onClick={async () => {
              const whole = await listText();
              if (whole !== null) downloadText(whole, t.fileName(fileSlug(raffleName)));
            }}
          >
            <Download aria-hidden />
            {t.download}
          </Button>
        </div>
        <div aria-live="polite">{verdict && <ListResult verdict={verdict} closedAt={closedAt} />}</div>

        <details className="rounded-lg border border-zinc-200 p-3 text-sm">
          <summary className="cursor-pointer font-semibold text-zinc-900">{t.howTitle}</summary>
          <ol className="mt-2 grid list-decimal gap-2 pl-5 text-zinc-700">
            {t.how.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </details>
      </Card>
    </section>
  );
}
