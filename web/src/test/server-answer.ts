import { noteServerAnswer } from '@/lib/server-clock';

/**
 * An API answer as the page reads it when the phone's clock is `phoneOff` ms off the server's: its
 * Date header says the server's time (whole seconds, as a server writes it), read at once.
 */
export function answerFromServer(phoneOff: number) {
  const now = Date.now();
  const headers = new Headers({ date: new Date(now - phoneOff).toUTCString(), 'cache-control': 'no-cache' });
  noteServerAnswer(headers, now, now);
}
