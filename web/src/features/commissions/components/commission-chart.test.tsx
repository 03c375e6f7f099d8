// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { commissionsTexts } from '../texts';
import { CommissionChart } from './commission-chart';

afterEach(cleanup);

const days = (cents: number[]) =>
  cents.map((commission_cents, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    commission_cents,
    numbers: 0,
  }));

describe('CommissionChart', () => {
  it('says there is no commission over the empty plot, not between the first and last dates', () => {
    render(<CommissionChart days={days([0, 0, 0])} />);
    const empty = screen.getByText(commissionsTexts.chart.empty);
    expect(empty.closest('figcaption')).toBeNull();
    expect(empty.parentElement?.querySelector('svg')).not.toBeNull();
    expect(screen.getByText('1 nov').closest('figcaption')).not.toBeNull();
  });

  it('draws the bars and no empty message when a day has commission', () => {
    render(<CommissionChart days={days([0, 120, 0])} />);
    expect(screen.queryByText(commissionsTexts.chart.empty)).toBeNull();
  });
});
