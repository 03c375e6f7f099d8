import type { Writable } from 'node:stream';

/** One of exceljs 4's 64 KB pieces (`ReadWriteBuf` in lib/utils/stream-buf.js, private). */
type Piece = { buffer: Buffer; size: number; iRead: number; iWrite: number; readonly full: boolean };

/** The private parts of exceljs 4's `StreamBuf`, the buffer a sheet writes its XML into. */
export type SheetStream = {
  pipes?: Writable[];
  buffers?: Piece[];
  batch?: boolean;
  corked?: boolean;
  _readableState?: unknown;
  _flush?: () => void;
  end?: (...args: unknown[]) => unknown;
  pipe?: (destination: Writable) => unknown;
  _getWritableBuffer?: () => Piece;
  _pipe?: (piece: Piece) => Promise<void>;
  write?: (data: unknown, ...rest: unknown[]) => unknown;
};

type Zip = { append?: (source: unknown, data: unknown) => unknown };

/**
 * Has the zip deflate the sheet's buffer directly (decision 046). `StreamBuf` never runs the Duplex
 * constructor, so archiver takes it for an old-style stream and wraps it in a `readable-stream` 2
 * PassThrough: one more queue, without `writableNeedDrain`, and whose write callback comes before
 * the deflate has read the bytes. Given a `_readableState`, the buffer is piped as it is (its own
 * `pipe`), so its pieces are written to the deflate stream itself: Node's backpressure, and a write
 * callback that means "consumed". Only while `open` (exceljs's `addWorksheet`) runs, on this workbook.
 */
export function openSheetOnDeflate<T>(workbook: unknown, open: () => T): T {
  const zip = (workbook as { zip?: Zip }).zip;
  const append = zip?.append;
  if (!zip || !append) return open();
  zip.append = (source, data) => {
    const sheet = source as SheetStream;
    if (sheet && Array.isArray(sheet.buffers) && sheet._readableState === undefined) {
      sheet._readableState = {};
      pipeEvenAfterEnd(sheet);
    }
    return append.call(zip, source, data);
  };
  try {
    return open();
  } finally {
    zip.append = append;
  }
}

/**
 * The deflate is piped in when archiver reaches the sheet's entry, which can be after a short sheet
 * has ended (the PassThrough used to be piped in at once and held it all). `StreamBuf` only passes
 * on what it holds when it ends with its pipes in place, so a pipe that comes later gets it all and
 * its end then. exceljs ends a sheet's buffer with a bare `end()`, which completes at once.
 */
function pipeEvenAfterEnd(sheet: SheetStream) {
  const { end, pipe, _flush: flush } = sheet;
  if (!end || !pipe || !flush) return;
  let ended = false;
  sheet.end = (...args: unknown[]) => {
    const result = end.apply(sheet, args);
    ended = true;
    return result;
  };
  sheet.pipe = (destination: Writable) => {
    const result = pipe.call(sheet, destination);
    if (ended) {
      flush.call(sheet);
      destination.end();
    }
    return result;
  };
}

/**
 * Makes a sheet's buffer reuse its memory (decision 046). As shipped, exceljs copies every row's XML
 * into a fresh Buffer, then into a fresh 64 KB piece for the zip: ~580 MB of short-lived Buffers for
 * a 1,000,000-row sheet, which V8 gives back late (external memory). Here rows are encoded straight
 * into the current piece, and a piece goes back to a spare list once every pipe has called back for
 * it. Only safe when the pipes are the deflate streams themselves (`openSheetOnDeflate`): a zlib
 * stream calls back once it has consumed the bytes.
 *
 * Private fields: if exceljs changes them, the sheet is left as it is (still correct, just not lean).
 */
export function reuseSheetPieces(stream: SheetStream) {
  const { buffers, _getWritableBuffer: freshPiece, _pipe, write: plainWrite } = stream;
  if (!Array.isArray(buffers) || !stream.batch || !freshPiece || !_pipe || !plainWrite) return;
  const spare: Piece[] = [];
  const pieceToFill = (): Piece => {
    const last = buffers.at(-1);
    if (last && !last.full) return last;
    const piece = spare.pop();
    if (!piece) return freshPiece.call(stream);
    buffers.push(piece);
    return piece;
  };
  stream._getWritableBuffer = pieceToFill;
  stream._pipe = async (piece) => {
    const whole = piece.iRead === 0 && piece.iWrite === piece.size;
    const data = whole ? piece.buffer : piece.buffer.subarray(piece.iRead, piece.iWrite);
    const pipes = stream.pipes ?? [];
    await Promise.all(pipes.map((pipe) => new Promise((taken) => pipe.write(data, taken))));
    if (whole && pipes.length > 0 && pipes.every(isDeflate)) {
      piece.iRead = 0;
      piece.iWrite = 0;
      spare.push(piece);
    }
  };
  stream.write = (data: unknown, ...rest: unknown[]) => {
    // Text that fits the current piece goes in without a Buffer of its own; anything else as before.
    if (typeof data !== 'string' || !stream.pipes?.length) return plainWrite.call(stream, data, ...rest);
    const piece = pieceToFill();
    const size = Buffer.byteLength(data);
    if (size > piece.size - piece.iWrite) return plainWrite.call(stream, data, ...rest);
    piece.iWrite += piece.buffer.write(data, piece.iWrite, size, 'utf8');
    // As exceljs's batch mode: every full piece but the last goes to the zip now.
    while (!stream.corked && buffers.length > 1) void stream._pipe?.(buffers.shift() as Piece);
    return true;
  };
}

/** A zlib stream (archiver's DeflateCRC32Stream): its write callback means the bytes were consumed. */
const isDeflate = (pipe: Writable) => typeof (pipe as { params?: unknown }).params === 'function';
