import { describe, expect, it } from 'vitest';
import { passwordMessages } from '../../../domain/password';
import { createEstimator, weakPasswordReasons } from './password-strength';

describe('password strength (zxcvbn-ts, Spanish and English dictionaries)', () => {
  it.each(['aaaaaaa1', '1111111a', 'qwertyui1', 'Rifas2024', 'Venezuela2026', 'Clave12345', 'contraseña1'])(
    'refuses %s as easy to guess, with reasons in Spanish',
    async (password) => {
      const reasons = await weakPasswordReasons(password);
      expect(reasons[0]).toBe(passwordMessages.guessable);
    },
  );

  it.each(['Clave-muy-segura-2026', 'Cl4ve-Segura-99', 'tortuga marina bebe cafe'])(
    'accepts %s',
    async (password) => {
      expect(await weakPasswordReasons(password)).toEqual([]);
    },
  );

  it('refuses a password built from the person’s own e-mail or name', async () => {
    expect(await weakPasswordReasons('mariagonzalez2026', { email: 'mariagonzalez@correo.com' })).not.toEqual(
      [],
    );
    expect(await weakPasswordReasons('Yusmeli2026!', { fullName: 'Yusmeli Carvajal' })).not.toEqual([]);
  });

  it('checks the length first', async () => {
    expect(await weakPasswordReasons('Ab1-')).toEqual([passwordMessages.tooShort]);
    expect(await weakPasswordReasons('x'.repeat(129))).toEqual([passwordMessages.tooLong]);
  });

  it('a check made while the idle thread is ending goes to a new thread and is answered', async () => {
    const estimate = createEstimator({ idleMs: 1 });
    for (let round = 0; round < 5; round++) {
      expect((await estimate('Clave-Segura-2026', [])).score).toBeGreaterThanOrEqual(3);
      // The idle end fires and terminates the thread; its exit is reported a little later, after
      // the next check has started a new thread.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
});
