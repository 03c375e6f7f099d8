import type { Plugin } from 'vite';

/**
 * sonner (the toasts) writes its stylesheet into a <style> element of every page. One rule keeps a
 * bare expression in a custom property (`--scale: var(--toasts-before) * 0.05 + 1`, later pasted
 * into `calc(-1 * var(--scale))`): CSS allows it, but the HTML validator's CSS parser refuses it, so
 * no page of ours validated. This writes the same scale as one calc(): -1 * n * 0.05 + 1 = 1 - n * 0.05.
 */
const INVALID =
  '--scale:var(--toasts-before) * 0.05 + 1;--y:translateY(calc(var(--lift-amount) * var(--toasts-before))) scale(calc(-1 * var(--scale)))';
const VALID =
  '--y:translateY(calc(var(--lift-amount) * var(--toasts-before))) scale(calc(1 - var(--toasts-before) * 0.05))';

export function sonnerValidCss(): Plugin {
  return {
    name: 'rifas:sonner-valid-css',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]/.test(id)) return null;
      if (code.includes(INVALID)) return { code: code.replace(INVALID, VALID), map: null };
      // A new sonner that still has the bare expression, written some other way: look again.
      if (code.includes('--scale:var(--toasts-before)')) {
        throw new Error('sonner changed its --scale rule: update web/sonner-valid-css.ts');
      }
      return null;
    },
  };
}
