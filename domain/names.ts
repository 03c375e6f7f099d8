/** Words of a Spanish name that stay lowercase inside it: "María de los Ángeles". */
const PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'y', 'e']);

const capitalize = (word: string) => word.charAt(0).toLocaleUpperCase('es') + word.slice(1);

/**
 * Names are stored lowercase (search is case-insensitive); people read them capitalized:
 * "maría de los ángeles PÉREZ" -> "María de los Ángeles Pérez".
 */
export function displayName(name: string | null | undefined): string | null {
  const words = name?.trim().toLocaleLowerCase('es').split(/\s+/).filter(Boolean) ?? [];
  if (words.length === 0) return null;
  return words.map((word, index) => (index > 0 && PARTICLES.has(word) ? word : capitalize(word))).join(' ');
}

/** "maría JOSÉ pérez" -> "María": a greeting uses the first name only. */
export const firstName = (name: string | null | undefined): string | null =>
  displayName(name)?.split(' ')[0] ?? null;
