import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  instantWinCommitment,
  instantWinCommitmentText,
  instantWinsProblem,
  instantWinsSchema,
  sameInstantWins,
} from './instant-wins';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const SALT = 'ab'.repeat(32);

describe('the instant-win commitment (docs/verification.md)', () => {
  it('is SHA-256 over "<number>:<prize>\\n" lines in number order, then the salt', () => {
    const list = [
      { number: 42, prize: 'Una gorra' },
      { number: 7, prize: 'Recarga de $5: ¡sí!' },
    ];
    const text = `7:Recarga de $5: ¡sí!\n42:Una gorra\n${SALT}`;
    expect(instantWinCommitmentText(list, SALT)).toBe(text);
    expect(instantWinCommitment(sha256, list, SALT)).toBe(
      createHash('sha256').update(text, 'utf8').digest('hex'),
    );
    // Numbers in decimal without padding; the order given does not matter.
    expect(instantWinCommitment(sha256, [...list].reverse(), SALT)).toBe(
      instantWinCommitment(sha256, list, SALT),
    );
  });

  it('changes with the salt, a number or a prize', () => {
    const list = [{ number: 7, prize: 'Gorra' }];
    const base = instantWinCommitment(sha256, list, SALT);
    expect(instantWinCommitment(sha256, list, 'cd'.repeat(32))).not.toBe(base);
    expect(instantWinCommitment(sha256, [{ number: 8, prize: 'Gorra' }], SALT)).not.toBe(base);
    expect(instantWinCommitment(sha256, [{ number: 7, prize: 'Gorras' }], SALT)).not.toBe(base);
  });

  it('an empty list commits to the salt alone', () => {
    expect(instantWinCommitmentText([], SALT)).toBe(SALT);
  });

  it('compares lists in any order', () => {
    const a = [
      { number: 1, prize: 'A' },
      { number: 2, prize: 'B' },
    ];
    expect(sameInstantWins(a, [...a].reverse())).toBe(true);
    expect(sameInstantWins(a, [{ number: 1, prize: 'A' }])).toBe(false);
  });
});

describe('instantWinsSchema and instantWinsProblem', () => {
  it('takes up to 20 distinct numbers with a one-line prize, trimmed', () => {
    expect(instantWinsSchema.parse([{ number: 3, prize: '  Gorra ' }])).toEqual([
      { number: 3, prize: 'Gorra' },
    ]);
    const many = Array.from({ length: 21 }, (_, n) => ({ number: n, prize: 'x' }));
    expect(instantWinsSchema.safeParse(many).error?.issues[0]?.message).toBe(
      'Puedes elegir hasta 20 números premiados',
    );
    const twice = instantWinsSchema.safeParse([
      { number: 3, prize: 'a' },
      { number: 3, prize: 'b' },
    ]);
    expect(twice.error?.issues[0]).toMatchObject({ path: [1, 'number'] });
    expect(instantWinsSchema.safeParse([{ number: 3, prize: 'a\nb' }]).success).toBe(false);
  });

  it('names the first number outside the raffle', () => {
    expect(instantWinsProblem([{ number: 99, prize: 'a' }], 100)).toBeNull();
    expect(
      instantWinsProblem(
        [
          { number: 1, prize: 'a' },
          { number: 100, prize: 'b' },
        ],
        100,
      ),
    ).toEqual({
      path: 'instant_wins.1.number',
      message: 'El número premiado 100 no existe en esta rifa (sus números van del 0 al 99)',
    });
  });
});
