/**
 * Loading hints: the first photo on screen (the page's largest paint) is fetched at once and
 * ahead of the rest; the others wait until they are about to scroll into view.
 */
export const photoLoading = (priority: boolean) =>
  priority ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy' } as const);
