import { describe, expect, it } from 'vitest';
import {
  asLotteryRule,
  drawTermsMessages,
  LOTTERY_RULES,
  lotteryResultHint,
  lotteryRuleOptions,
  lotteryRuleText,
  numberFromLotteryResult,
  undeclaredSourceProblem,
} from './draw-terms';

describe("lottery rules: which of the lottery's prizes decides a raffle prize", () => {
  it('names the lottery prize each rule reads, in the rule text, the form option and the result hint', () => {
    expect(lotteryRuleText('ultimos_digitos', 3, 1000)).toBe(
      'Gana el número con los últimos 3 dígitos del primer premio de la lotería.',
    );
    expect(lotteryRuleText('ultimos_digitos_segundo', 2, 100)).toBe(
      'Gana el número con los últimos 2 dígitos del segundo premio de la lotería.',
    );
    expect(lotteryRuleText('ultimos_digitos_tercero', 1, 10)).toBe(
      'Gana el número con el último dígito del tercer premio de la lotería.',
    );
    expect(lotteryRuleText('ultimos_digitos_segundo', 2, 50)).toBe(
      'Gana el número con los últimos 2 dígitos del segundo premio de la lotería; si ese número no existe en la rifa, el resto de dividirlo entre 50.',
    );
    expect(lotteryRuleOptions.map((o) => o.label)).toEqual([
      'Últimos dígitos del primer premio',
      'Últimos dígitos del segundo premio',
      'Últimos dígitos del tercer premio',
    ]);
    expect(lotteryResultHint('ultimos_digitos_tercero')).toBe('El tercer premio completo, p. ej. 347.');
  });

  it('derives the number the same way whichever lottery prize the result is from', () => {
    for (const rule of LOTTERY_RULES) {
      expect(numberFromLotteryResult(rule, '347', { digitCount: 2, totalNumbers: 100 })).toEqual({
        ok: true,
        number: 47,
      });
      expect(numberFromLotteryResult(rule, '347', { digitCount: 2, totalNumbers: 40 })).toEqual({
        ok: true,
        number: 7,
      });
    }
    expect(numberFromLotteryResult('otra', '347', { digitCount: 2, totalNumbers: 100 }).ok).toBe(false);
  });

  it('reads only a result whose digits are the ones a person sees', () => {
    const raffle = { digitCount: 2, totalNumbers: 100 };
    for (const plain of ['347', '347 Leo', 'Triple A: 347', '347-A'])
      expect(numberFromLotteryResult('ultimos_digitos', plain, raffle)).toEqual({ ok: true, number: 47 });
    // Each looks like 347 (or holds it) yet its digits would give another number, or none.
    for (const bent of ['34\uFF17', '\u00B347', '\u202E743\u202C', '34\u200B7', '34l', '3O7 12', '347 (12)'])
      expect(numberFromLotteryResult('ultimos_digitos', bent, raffle)).toEqual({
        ok: false,
        message: drawTermsMessages.resultNotPlain,
      });
    // Not a rule, even if it is a property every object has.
    expect(asLotteryRule('toString')).toBeNull();
    expect(asLotteryRule('ultimos_digitos_segundo')).toBe('ultimos_digitos_segundo');
  });
});

describe('a raffle that sells declares its draw source', () => {
  const none = { draw_kind: null };
  it('refuses creating or publishing a raffle with none, and dropping a declared one', () => {
    expect(undeclaredSourceProblem(null, { status: 'activa', ...none })?.path).toBe('draw_kind');
    expect(
      undeclaredSourceProblem({ status: 'borrador', ...none }, { status: 'activa', ...none }),
    ).not.toBeNull();
    expect(
      undeclaredSourceProblem({ status: 'activa', draw_kind: 'drand' }, { status: 'activa', ...none }),
    ).not.toBeNull();
  });

  it('lets a borrador wait for one, and a raffle selling with none since before sources keep selling', () => {
    expect(undeclaredSourceProblem(null, { status: 'borrador', ...none })).toBeNull();
    expect(undeclaredSourceProblem(null, { status: 'activa', draw_kind: 'loteria' })).toBeNull();
    expect(undeclaredSourceProblem({ status: 'activa', ...none }, { status: 'activa', ...none })).toBeNull();
    expect(undeclaredSourceProblem({ status: 'activa', ...none }, { status: 'cerrada', ...none })).toBeNull();
  });
});
