// Loaded only when a reservation is asked for a proof of work (428 CHALLENGE_REQUIRED): the ALTCHA
// widget, self-hosted, with its PBKDF2 worker built as a file of this site (the CSP allows workers
// from 'self' only, not the blob: workers of the widget's default bundle).
import 'altcha/external';
import type { WidgetMethods } from 'altcha/types';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/** Fetches a challenge from `challengeUrl`, solves it out of sight; the payload to send, or null. */
export async function solveChallenge(challengeUrl: string): Promise<string | null> {
  const widget = document.createElement('altcha-widget') as HTMLElement & WidgetMethods;
  widget.hidden = true;
  widget.setAttribute('aria-hidden', 'true');
  document.body.append(widget);
  try {
    // The element (a Svelte custom element) gets its methods once mounted, a moment after connecting.
    for (let frame = 0; typeof widget.configure !== 'function'; frame++) {
      if (frame > 50) return null;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await widget.configure({
      challenge: challengeUrl,
      auto: 'off',
      display: 'invisible',
      // The buyer waits for this: no artificial minimum.
      minDuration: 0,
      hideLogo: true,
      hideFooter: true,
    });
    const result = await widget.verify();
    return result?.payload ?? null;
  } finally {
    widget.remove();
  }
}
