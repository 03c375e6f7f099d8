import { describe, expect, it } from 'vitest';
import { displayName } from './buyer-name';

describe('displayName', () => {
  it('capitalizes a stored lowercase name, keeping Spanish particles lowercase', () => {
    expect(displayName('maría de los ángeles  PÉREZ')).toBe('María de los Ángeles Pérez');
    expect(displayName('josé ángel rodríguez')).toBe('José Ángel Rodríguez');
  });

  it('is null without a name', () => {
    expect(displayName(null)).toBeNull();
    expect(displayName('   ')).toBeNull();
  });
});
