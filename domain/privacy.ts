/** "maría pérez" -> "m*** p***": enough for a buyer to recognise, nothing for anyone else. */
export const maskName = (name: string | null | undefined): string =>
  (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${word[0]?.toLowerCase() ?? ''}***`)
    .join(' ');
