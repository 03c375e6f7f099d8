/** Why a seal could not be had or does not hold, in the words a verifier reads (Spanish). */
export const SEAL_TEXTS = {
  badRoot: 'El compromiso no es un SHA-256 en hexadecimal (64 caracteres).',
  unreachable: (detail: string) => `No se pudo contactar a la autoridad de sellado (${detail}).`,
  httpStatus: (status: number) => `La autoridad de sellado respondió con el estado HTTP ${status}.`,
  refused: (status: number, detail?: string) =>
    `La autoridad de sellado rechazó la solicitud (estado ${status}${detail ? `: ${detail}` : ''}).`,
  noToken: 'La respuesta no trae un sello firmado.',
  notTimestamp: 'El contenido firmado no es un sello de tiempo (TSTInfo).',
  malformed: (detail: string) => `El sello está dañado o no es un sello RFC 3161 (${detail}).`,
  nonceMismatch: 'El sello no responde a esta solicitud (el número único no coincide).',
  notSha256: 'El sello no usa SHA-256.',
  imprintMismatch: 'El sello no corresponde a este compromiso: la huella sellada es otra.',
  signatureInvalid: (detail: string) => `La firma del sello no es válida (${detail}).`,
  untrusted: 'El certificado de la autoridad no proviene de una autoridad de confianza.',
  notTsaCert: 'El certificado que firma no está autorizado para sellar tiempo.',
  notFound: 'Esta rifa no tiene sello de tiempo (todavía).',
} as const;
