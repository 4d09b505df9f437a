import { afterEach, beforeEach } from 'vitest';

/** Whether a media query of min-width/max-width parts (joined by "and") matches a window `width` px wide. */
function matchesAt(query: string, width: number): boolean {
  const parts = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  return (
    parts.length > 0 && parts.every(([, kind, px]) => (kind === 'min' ? width >= Number(px) : width <= Number(px)))
  );
}

/** The tests of the calling `describe` render in a window `width` px wide (window.matchMedia answers for it). */
export function atWidth(width: number): void {
  let matchMedia: typeof window.matchMedia;
  beforeEach(() => {
    matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: matchesAt(query, width) });
  });
  afterEach(() => {
    window.matchMedia = matchMedia;
  });
}

/** A phone (375 px): lists are stacked items. */
export const onPhone = () => atWidth(375);
/** A wide screen (1600 px): every column of a list is shown. */
export const onWideScreen = () => atWidth(1600);
