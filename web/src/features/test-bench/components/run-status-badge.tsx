import { CircleCheck, CircleX } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { testBenchTexts as t } from '../texts';

/** Pass or fail with an icon and a word, never colour alone. */
export function RunStatusBadge({ ok }: { ok: boolean }) {
  return ok ? (
    <Badge variant="success">
      <CircleCheck aria-hidden className="size-3.5" />
      {t.status.ok}
    </Badge>
  ) : (
    <Badge variant="danger">
      <CircleX aria-hidden className="size-3.5" />
      {t.status.failed}
    </Badge>
  );
}
