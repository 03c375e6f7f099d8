import { CircleCheck, CircleSlash } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { usersTexts } from '../texts';

export function UserStatusBadge({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <Badge variant="danger">
      <CircleSlash aria-hidden className="size-3.5" />
      {usersTexts.disabled}
    </Badge>
  ) : (
    <Badge variant="success">
      <CircleCheck aria-hidden className="size-3.5" />
      {usersTexts.active}
    </Badge>
  );
}
