import type { AuditEntry } from '@domain/audit';
import { auditTexts } from '../texts';

const t = auditTexts;

/** The action in words when it is a usual one, with the route or event as stored beneath it. */
export function ActionLabel({ action }: { action: string }) {
  const label = t.actions[action];
  return (
    <span className="grid min-w-0 gap-0.5">
      {label && <span className="font-medium text-zinc-900">{label}</span>}
      <code className="font-mono text-xs [overflow-wrap:anywhere] text-zinc-500">{action}</code>
    </span>
  );
}

/** Who acted: their e-mail and role; a refused sign-in keeps the e-mail that was tried. */
export function ActorLabel({ entry }: { entry: AuditEntry }) {
  return (
    <span className="grid min-w-0 gap-0.5">
      <span className="[overflow-wrap:anywhere] text-zinc-900">{entry.actor_email ?? t.anonymous}</span>
      {entry.actor_role && (
        <span className="text-xs text-zinc-500">{t.roles[entry.actor_role] ?? entry.actor_role}</span>
      )}
    </span>
  );
}

const showValue = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value));

/** What the summary holds: the answer's status, the fields sent and the few values kept. */
export function SummaryText({ summary }: { summary: AuditEntry['summary'] }) {
  const fields = Array.isArray(summary.fields) ? (summary.fields as string[]) : [];
  const values = summary.values && typeof summary.values === 'object' ? Object.entries(summary.values) : [];
  const extra = Object.entries(summary).filter(([key]) => !['status', 'fields', 'values'].includes(key));
  return (
    <span className="grid gap-0.5 text-xs text-zinc-600">
      {typeof summary.status === 'number' && <span>{t.status(summary.status)}</span>}
      {values.map(([key, value]) => (
        <span key={key} className="break-all">
          <span className="font-mono">{key}</span>: {showValue(value)}
        </span>
      ))}
      {extra.map(([key, value]) => (
        <span key={key} className="break-all">
          <span className="font-mono">{key}</span>: {showValue(value)}
        </span>
      ))}
      {fields.length > 0 && (
        <span className="break-words">
          {t.fields}: <span className="font-mono">{fields.join(', ')}</span>
        </span>
      )}
    </span>
  );
}

/** A hash shortened for the eye, whole in its title and for screen readers and copying. */
export function HashText({ label, hash, chars = 12 }: { label: string; hash: string; chars?: number }) {
  return (
    <span className="flex min-w-0 items-baseline gap-1 text-xs whitespace-nowrap">
      <span className="text-zinc-500">{label}</span>
      <code title={hash} className="font-mono text-zinc-700">
        <span aria-hidden>{hash.slice(0, chars)}…</span>
        <span className="sr-only">{hash}</span>
      </code>
    </span>
  );
}
