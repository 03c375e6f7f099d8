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

/** "Gran Rifa: Moto Yamaha DT-175 ñ" -> "gran-rifa-moto-yamaha-dt-175-n" (safe in every file system). */
export function fileSlug(text: string, maxLength = 60): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return slug || 'rifa';
}
