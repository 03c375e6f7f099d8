/** Codes are read aloud and typed from a WhatsApp message: no 0/O, 1/I/L. */
export const SELLER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SELLER_CODE_LENGTH = 6;
/** What a code may look like on the way in (any case; stored and compared upper case). */
export const SELLER_CODE_PATTERN = '^[A-Za-z0-9]{4,16}$';
const sellerCodeRegex = new RegExp(SELLER_CODE_PATTERN);

export const isSellerCode = (value: string) => sellerCodeRegex.test(value);
export const normalizeSellerCode = (value: string) => value.trim().toUpperCase();
