// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/test/render';
import { RaffleGallery } from './raffle-gallery';

const PHOTOS = ['https://example.com/a.jpg', 'https://example.com/b.jpg', 'https://example.com/c.jpg'];
const FRAME = 300;

describe('the raffle page gallery', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // jsdom lays nothing out and cannot scroll: the strip is one frame wide and records where it is sent.
    scrollTo = vi.fn();
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(FRAME);
    HTMLElement.prototype.scrollTo = scrollTo as unknown as HTMLElement['scrollTo'];
  });
  afterEach(() => {
    vi.restoreAllMocks();
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
  });

  it('has a dot per photo that is a button to it, and the dot of the photo shown is the current one', () => {
    render(<RaffleGallery name="Moto" images={PHOTOS} />);
    const dots = PHOTOS.map((_, i) => screen.getByRole('button', { name: `Ver la foto ${i + 1} de 3` }));
    expect(dots.map((dot) => dot.getAttribute('aria-current'))).toEqual(['true', null, null]);

    fireEvent.click(dots[2] as HTMLElement);
    expect(scrollTo).toHaveBeenCalledWith({ left: 2 * FRAME, behavior: 'smooth' });

    const strip = screen.getByRole('region', { name: 'Fotos del premio: Moto' });
    strip.scrollLeft = 2 * FRAME;
    fireEvent.scroll(strip);
    expect(dots.map((dot) => dot.getAttribute('aria-current'))).toEqual([null, null, 'true']);
    expect(screen.getByText('3 / 3')).toBeTruthy();
  });

  it('shows no dots for a single photo', () => {
    render(<RaffleGallery name="Moto" images={PHOTOS.slice(0, 1)} />);
    expect(screen.queryByRole('button', { name: /Ver la foto/ })).toBeNull();
  });
});
