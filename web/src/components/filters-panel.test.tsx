// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DayRangeFilter, isBackwardsDayRange } from './day-range-filter';
import { FiltersPanel } from './filters-panel';

afterEach(cleanup);

const TEXTS = { from: 'Desde', to: 'Hasta' };

function Filters(props: { from?: string; to?: string; hasFilters: boolean; onClear?: () => void }) {
  const onChange = vi.fn();
  return (
    <FiltersPanel
      label="Filtros"
      columnsClassName="lg:grid-cols-2"
      warning={isBackwardsDayRange(props.from, props.to) && 'Rango al revés'}
      hasFilters={props.hasFilters}
      clearLabel="Quitar filtros"
      onClear={props.onClear ?? vi.fn()}
    >
      <DayRangeFilter id="x" from={props.from} to={props.to} texts={TEXTS} onChange={onChange} />
    </FiltersPanel>
  );
}

describe('FiltersPanel with a day range', () => {
  it('offers no way out and no warning while nothing is filtered', () => {
    render(<Filters hasFilters={false} />);
    expect(screen.getByRole('group', { name: 'Filtros' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quitar filtros' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a backwards range matches nothing, and clears the filters on request', () => {
    const onClear = vi.fn();
    render(<Filters from="2026-11-30" to="2026-11-01" hasFilters onClear={onClear} />);
    expect(screen.getByRole('alert').textContent).toBe('Rango al revés');
    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('keeps each date picker from passing the other end, and says an emptied date as no filter', () => {
    const onChange = vi.fn();
    render(<DayRangeFilter id="x" from="2026-11-01" to="2026-11-30" texts={TEXTS} onChange={onChange} />);
    const from = screen.getByLabelText('Desde') as HTMLInputElement;
    const to = screen.getByLabelText('Hasta') as HTMLInputElement;
    expect(from.getAttribute('max')).toBe('2026-11-30');
    expect(to.getAttribute('min')).toBe('2026-11-01');
    fireEvent.change(from, { target: { value: '' } });
    expect(onChange).toHaveBeenCalledWith('from', undefined);
  });

  it('a same-day range is not backwards', () => {
    expect(isBackwardsDayRange('2026-11-30', '2026-11-30')).toBe(false);
    expect(isBackwardsDayRange('2026-11-30', undefined)).toBe(false);
  });
});
