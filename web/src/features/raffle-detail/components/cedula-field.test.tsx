// @vitest-environment jsdom
import { fieldMessages } from '@domain/fields';
import { normalizeCedula } from '@domain/phone';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CedulaField, cedulaFromInput } from './cedula-field';

function Harness({ seen }: { seen: string[] }) {
  const [value, setValue] = useState('V-');
  return (
    <CedulaField
      id="cedula"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
      onBlur={() => {}}
    />
  );
}

describe('the cédula box', () => {
  it('keeps every digit of a pasted cédula with dots and dashes (a length cap cut it before)', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    render(<Harness seen={seen} />);
    const box = screen.getByRole('textbox');
    await user.click(box);
    await user.paste('V-20.111.222');
    expect(seen.at(-1)).toBe('V-20111222');
    expect(normalizeCedula(seen.at(-1) ?? '')).toBe('V-20111222');
    expect((box as HTMLInputElement).value).toBe('20111222');
  });

  it('takes the E of a pasted foreigner’s cédula, and keeps the chosen letter while typing digits', () => {
    expect(cedulaFromInput('E-84.123.456', 'V')).toBe('E-84123456');
    expect(cedulaFromInput(' v 12.345.678', 'E')).toBe('V-12345678');
    expect(cedulaFromInput('123', 'E')).toBe('E-123');
    expect(cedulaFromInput('12a3', 'V')).toBe('V-123');
  });
});

describe('the cédula box’s error', () => {
  it('says to type the digits, not "V-12345678": V/E has its own selector', () => {
    render(
      <CedulaField id="c" value="V-12" onChange={() => {}} onBlur={() => {}} error={fieldMessages.cedula} />,
    );
    expect(screen.getByText('Cédula inválida: escribe sus números, de 6 a 9 dígitos.')).toBeTruthy();
    expect(screen.queryByText(fieldMessages.cedula)).toBeNull();
  });

  it('shows any other message as it came', () => {
    render(<CedulaField id="c" value="V-12" onChange={() => {}} onBlur={() => {}} error="Otra cosa" />);
    expect(screen.getByText('Otra cosa')).toBeTruthy();
  });
});
