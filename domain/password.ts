/** Password rules both sides share; how guessable one is, the server judges (zxcvbn-ts). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordMessages = {
  tooShort: `Debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  tooLong: `Debe tener como máximo ${PASSWORD_MAX_LENGTH} caracteres`,
  guessable: 'Es fácil de adivinar: usa una frase de varias palabras poco comunes, con números o símbolos',
} as const;
