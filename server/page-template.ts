import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A rendered page with holes (ADR 016, ADR 018): the page was rendered with stand-ins (the CSP
 * nonce it was rendered with; for a signed-in shopper, stand-ins for their name and e-mail) and
 * is kept cut at each of them, so each request fills in its own values. The gzip form is kept as
 * independently compressed pieces, each ending on a full flush, so filling compresses nothing:
 * the values go in as stored blocks between the pieces, all joined into one gzip stream.
 */

/** How a value is written where a hole is: as React writes text and attributes, as a JSON
 * string (React Router's data requests), or as a JSON string inside the JavaScript string of
 * React Router's hydration script. `raw` is for values that need no escaping (the nonce). */
export type Encoding = "raw" | "html" | "json" | "script";

export type Hole = { field: string; encoding: Encoding };

export type Template = {
  /** The page cut at each hole: one more piece than holes. */
  pieces: Buffer[];
  holes: Hole[];
  /** Each piece as raw deflate data ending on a full flush (the last one finished). */
  deflated: Buffer[];
  /** Bytes kept: the pieces and their compressed form. */
  size: number;
};

/** React's escaping of text and attribute values. */
const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/** React Router's escaping of the data it writes into a script (lib/dom/ssr/markup.ts). */
const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

const jsonInner = (value: string) => JSON.stringify(value).slice(1, -1);

export const encoders: Record<Encoding, (value: string) => string> = {
  raw: (value) => value,
  html: (value) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string),
  json: jsonInner,
  script: (value) =>
    jsonInner(jsonInner(value)).replace(/[&<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] as string),
};

function flushed(data: Buffer, last: boolean): Buffer {
  return deflateRawSync(data, { finishFlush: last ? constants.Z_FINISH : constants.Z_FULL_FLUSH });
}

/**
 * `data` as stored (uncompressed) deflate blocks, none the last. A hole's few bytes gain nothing
 * from compression, and writing the blocks by hand costs nothing next to starting a compressor
 * for each (its window alone is 32 KB). The piece before ends on a full flush, so the blocks
 * start on a byte: a header byte (not last, type 00, padding), then LEN and its complement.
 */
export function storedBlocks(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  do {
    const chunk = data.subarray(at, at + 0xffff);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    parts.push(header, chunk);
    at += chunk.length;
  } while (at < data.length);
  return Buffer.concat(parts);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Cuts a rendered page at each stand-in. `standIns` maps each field to the text it was rendered
 * with; `encodingAt` says how the value at an offset of the page is written, or null when a
 * stand-in is where no value may go. Null when the page cannot be filled in safely: a stand-in
 * in such a place, or a piece of one left over (`mark`, the text every stand-in starts with,
 * found outside a whole stand-in: cut in two by a stream's chunks, or changed by the page).
 */
export function cutTemplate(
  body: Buffer,
  standIns: Record<string, string>,
  encodingAt: (field: string, text: string, at: number) => Encoding | null,
  mark?: string,
): Template | null {
  const text = body.toString("utf8");
  const fieldOf = new Map(Object.entries(standIns).map(([field, standIn]) => [standIn, field]));
  const pattern = new RegExp(
    [...fieldOf.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|"),
    "g",
  );
  const pieces: Buffer[] = [];
  const holes: Hole[] = [];
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    const field = fieldOf.get(match[0]) as string;
    const encoding = encodingAt(field, text, match.index);
    if (!encoding) return null;
    pieces.push(Buffer.from(text.slice(from, match.index)));
    holes.push({ field, encoding });
    from = match.index + match[0].length;
  }
  pieces.push(Buffer.from(text.slice(from)));
  if (mark && pieces.some((piece) => piece.includes(mark))) return null;
  const deflated = pieces.map((piece, i) => flushed(piece, i === pieces.length - 1));
  const size = [...pieces, ...deflated].reduce((n, part) => n + part.length, 0);
  return { pieces, holes, deflated, size };
}

/** Each hole's value as bytes, encoded for its place (each distinct value encoded once). */
function holeBytes(template: Template, values: Record<string, string>): Buffer[] {
  const encoded = new Map<string, Buffer>();
  return template.holes.map(({ field, encoding }) => {
    const key = `${encoding}:${field}`;
    let bytes = encoded.get(key);
    if (!bytes) {
      const value = values[field];
      if (value === undefined) throw new Error(`No value for the page's "${field}"`);
      bytes = Buffer.from(encoders[encoding](value));
      encoded.set(key, bytes);
    }
    return bytes;
  });
}

/** The page with `values` in its holes, uncompressed. */
export function fillTemplate(template: Template, values: Record<string, string>): Buffer {
  const filled = holeBytes(template, values);
  return Buffer.concat(
    template.pieces.flatMap((piece, i) => (i === 0 ? [piece] : [filled[i - 1] as Buffer, piece])),
  );
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The page with `values` in its holes, as one gzip stream. */
export function gzipTemplate(template: Template, values: Record<string, string>): Buffer {
  const filled = holeBytes(template, values);
  const storedValues = new Map<Buffer, Buffer>();
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  template.pieces.forEach((piece, index) => {
    if (index > 0) {
      const value = filled[index - 1] as Buffer;
      let stored = storedValues.get(value);
      if (!stored) {
        stored = storedBlocks(value);
        storedValues.set(value, stored);
      }
      parts.push(stored);
      // Never with no bytes: zlib's crc32 given no buffer answers its initial value, 0.
      if (value.length > 0) crc = crc32(value, crc);
      length += value.length;
    }
    parts.push(template.deflated[index] as Buffer);
    if (piece.length > 0) crc = crc32(piece, crc);
    length += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}
