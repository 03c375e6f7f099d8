import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { texts } from '@/config/texts';
import { Input } from './input';

/** Password field with a show/hide toggle (typing on a phone is error-prone). */
export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className="pr-12" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        title={visible ? texts.common.hidePassword : texts.common.showPassword}
        className="absolute top-1/2 right-1 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-md text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {visible ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
        <span className="sr-only">{visible ? texts.common.hidePassword : texts.common.showPassword}</span>
      </button>
    </div>
  );
}
