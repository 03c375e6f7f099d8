import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/**
 * On a raffle page the server already painted the prize photo (server/lib/web-app.ts,
 * firstPaintHtml). React waits for that photo to be on screen before replacing it (at most
 * MAX_WAIT_MS), so the photo a buyer came for shows as soon as it arrives instead of being torn
 * down half-loaded and drawn again after the app's code runs.
 */
const MAX_WAIT_MS = 1500;
function firstPaintShown(container: HTMLElement): Promise<void> {
  const photo = container.querySelector<HTMLImageElement>('img[data-first-paint]');
  if (!photo) return Promise.resolve();
  const arrived = photo.complete
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        photo.addEventListener('load', () => resolve(), { once: true });
        photo.addEventListener('error', () => resolve(), { once: true });
      });
  // Then decoded, so the next frame paints the photo itself, not an empty box.
  const loaded = arrived.then(() => photo.decode().catch(() => {}));
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS));
  // A frame runs its callbacks before it paints: the second one runs after the photo was painted.
  // (A tab opened in the background gets no frames: the short timer goes on without them.)
  return Promise.race([loaded, timeout]).then(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        setTimeout(resolve, 100);
      }),
  );
}

// The first render as a transition: React renders it in slices of a few milliseconds and lets the
// phone answer a tap between them, instead of one long task while the page already shows.
void firstPaintShown(root).then(() => {
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
