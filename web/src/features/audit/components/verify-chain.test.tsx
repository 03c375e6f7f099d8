// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerifyChain } from './verify-chain';

afterEach(cleanup);

describe('VerifyChain', () => {
  it('says the chain is intact with its count', () => {
    render(
      <VerifyChain verdict={{ ok: true, count: 12 }} running={false} failed={false} onVerify={vi.fn()} />,
    );
    expect(screen.getByTestId('audit-verdict').textContent).toBe('Cadena íntegra (12 entradas)');
  });

  it('names the first broken entry, in red, and why', () => {
    render(
      <VerifyChain
        verdict={{ ok: false, first_broken_seq: 57, reason: 'hash_mismatch', count: 57 }}
        running={false}
        failed={false}
        onVerify={vi.fn()}
      />,
    );
    const verdict = screen.getByTestId('audit-verdict');
    expect(verdict.textContent).toBe('Cadena rota en la entrada #57: su contenido fue alterado');
    expect(verdict.className).toContain('text-red-700');
  });

  it('disables the button while the chain is being recomputed', () => {
    render(<VerifyChain verdict={undefined} running failed={false} onVerify={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Verificando…' })).toHaveProperty('disabled', true);
  });
});
