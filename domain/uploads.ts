import { z } from './zod';

/** The largest file `POST /api/uploads` takes (the web checks it before sending). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** `POST /api/uploads` (201): where the file is served and its storage key. */
export const uploadedFileSchema = z.object({ fileUrl: z.string(), key: z.string() });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** Spanish texts of uploads and file downloads. */
export const filesMessages = {
  missingFile: 'Adjunta un archivo en el campo "file".',
  emptyFile: 'El archivo está vacío.',
  malformedUpload: 'No se pudo leer el archivo enviado. Inténtalo de nuevo.',
  tooLarge: 'El archivo supera el tamaño máximo de 5 MB.',
  unsupportedType: 'Tipo de archivo no permitido: sube una imagen JPG, PNG o WEBP, o un PDF.',
  imageOnly: 'Las imágenes de rifas deben ser JPG, PNG o WEBP.',
  notFound: 'Archivo no encontrado.',
  signInToUpload: 'Inicia sesión para subir imágenes de rifas.',
  signInToView: 'Inicia sesión para ver este comprobante.',
  notYourProof: 'Este comprobante es de una rifa que no administras.',
  proofExpired: 'Este comprobante se subió hace más de un día y ya no se puede usar. Súbelo de nuevo.',
  quotaExceeded: 'Has subido demasiados archivos en la última hora. Inténtalo de nuevo más tarde.',
} as const;
