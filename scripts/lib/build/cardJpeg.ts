// A share card's JPEG from its background's and that of the rows holding its text. A card is its
// language's background with text in the lower part; encoding the whole card took 6 ms of its
// 10 (sharp, 1200x630). A baseline JPEG codes its 16x16 blocks (MCUs) one after the other, each
// block's DC value as the difference from the one before: the card's code up to the first block
// of its text rows is the background's, and the text rows encoded alone (from a block without
// ink) code the same as in the whole card once their first block is dropped, because that block's
// values are the background's too. The rows after them are the background's again, coded from a
// last block without ink. So the card is the background's bits up to the end of the first block
// of the text rows, the text rows' bits after their first block, then the background's bits from
// the row after the text rows: the same bytes, exactly, as sharp's encoding of the whole card (a
// unit test compares them), for the encoding of the text rows only (a quarter to a half of the
// card, by the lengths of the title and description). Whatever does not fit that shape (another
// sampling, restart markers, other tables, ink in a block the splice relies on) is encoded whole
// instead.

/** A scan's coding: the header (up to the entropy-coded data), tables, and the data's bits. */
type Scan = {
  header: Buffer
  /** DQT and DHT segments: the two encodings must share them. */
  tables: Buffer
  width: number
  height: number
  /** Entropy-coded data with the stuffed zero bytes removed. */
  bits: Uint8Array
  /** Per component in scan order: blocks per MCU and Huffman tables (DC, AC). */
  components: { blocks: number; dc: Huffman; ac: Huffman }[]
}

const EOI = Buffer.from([0xff, 0xd9])

/** A Huffman table as JPEG's decoding procedure reads it (ITU T.81, F.2.2.3). */
type Huffman = { maxCode: Int32Array; valPtr: Int32Array; minCode: Int32Array; values: Uint8Array }

/** The block size of the sampling this splice handles: 4:2:0, luma 2x2, chroma 1x1. */
export const MCU = 16

function huffman(counts: Uint8Array, values: Uint8Array): Huffman {
  const maxCode = new Int32Array(18).fill(-1)
  const valPtr = new Int32Array(17)
  const minCode = new Int32Array(17)
  let code = 0
  let k = 0
  for (let length = 1; length <= 16; length++) {
    const n = counts[length - 1] ?? 0
    valPtr[length] = k
    minCode[length] = code
    code += n
    k += n
    maxCode[length] = n ? code - 1 : -1
    code <<= 1
  }
  return { maxCode, valPtr, minCode, values }
}

/** Parses a baseline JPEG as libjpeg writes it; undefined for any other shape. */
function parseScan(jpeg: Buffer): Scan | undefined {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return undefined
  const tables: Buffer[] = []
  const dcTables = new Map<number, Huffman>()
  const acTables = new Map<number, Huffman>()
  let frame: { id: number; blocks: number }[] = []
  let width = 0
  let height = 0
  let i = 2
  while (i + 4 <= jpeg.length) {
    if (jpeg[i] !== 0xff) return undefined
    const marker = jpeg[i + 1] ?? 0
    const length = jpeg.readUInt16BE(i + 2)
    const body = jpeg.subarray(i + 4, i + 2 + length)
    if (marker === 0xdb) tables.push(jpeg.subarray(i, i + 2 + length))
    else if (marker === 0xc4) {
      tables.push(jpeg.subarray(i, i + 2 + length))
      for (let j = 0; j < body.length; ) {
        const cls = (body[j] ?? 0) >> 4
        const id = (body[j] ?? 0) & 15
        const counts = body.subarray(j + 1, j + 17)
        const total = counts.reduce((a, b) => a + b, 0)
        const table = huffman(counts, body.subarray(j + 17, j + 17 + total))
        ;(cls ? acTables : dcTables).set(id, table)
        j += 17 + total
      }
    } else if (marker === 0xc0) {
      height = body.readUInt16BE(1)
      width = body.readUInt16BE(3)
      const count = body[5] ?? 0
      frame = Array.from({ length: count }, (_, c) => {
        const sampling = body[7 + 3 * c] ?? 0
        return { id: body[6 + 3 * c] ?? 0, blocks: (sampling >> 4) * (sampling & 15) }
      })
    } else if (marker === 0xdd || (marker >= 0xc1 && marker <= 0xcf && marker !== 0xc4))
      return undefined // restart markers, progressive or other codings
    else if (marker === 0xda) {
      const count = body[0] ?? 0
      const components = []
      for (let c = 0; c < count; c++) {
        const id = body[1 + 2 * c] ?? 0
        const selectors = body[2 + 2 * c] ?? 0
        const blocks = frame.find((f) => f.id === id)?.blocks
        const dc = dcTables.get(selectors >> 4)
        const ac = acTables.get(selectors & 15)
        if (!blocks || !dc || !ac) return undefined
        components.push({ blocks, dc, ac })
      }
      // 4:2:0 in one interleaved scan: the only shape whose blocks the splice counts.
      if (components.map((c) => c.blocks).join() !== '4,1,1') return undefined
      const start = i + 2 + length
      if (jpeg[jpeg.length - 2] !== 0xff || jpeg[jpeg.length - 1] !== 0xd9) return undefined
      return {
        header: jpeg.subarray(0, start),
        tables: Buffer.concat(tables),
        width,
        height,
        bits: unstuff(jpeg.subarray(start, jpeg.length - 2)),
        components,
      }
    }
    i += 2 + length
  }
  return undefined
}

/** The entropy-coded bytes without the zero byte that follows each 0xFF. */
function unstuff(data: Buffer): Uint8Array {
  const out = new Uint8Array(data.length)
  let n = 0
  let from = 0
  // Copied in runs between the 0xFF bytes (a few hundred in a card's 50 kB).
  for (let ff = data.indexOf(0xff); ff >= 0; ff = data.indexOf(0xff, from)) {
    out.set(data.subarray(from, ff + 1), n)
    n += ff + 1 - from
    from = ff + 2 // past the stuffed 0x00
  }
  if (from < data.length) {
    out.set(data.subarray(from), n)
    n += data.length - from
  }
  return out.subarray(0, n)
}

/** `header`, then `bits` as JPEG writes them (0xFF followed by a zero byte), then `end`. */
function stuffed(header: Buffer, bits: Uint8Array, end: Buffer): Buffer {
  const data = Buffer.from(bits.buffer, bits.byteOffset, bits.length)
  let count = 0
  for (let ff = data.indexOf(0xff); ff >= 0; ff = data.indexOf(0xff, ff + 1)) count++
  const out = Buffer.allocUnsafe(header.length + data.length + count + end.length)
  header.copy(out)
  let n = header.length
  let from = 0
  for (let ff = data.indexOf(0xff); ff >= 0; ff = data.indexOf(0xff, from)) {
    n += data.copy(out, n, from, ff + 1)
    out[n++] = 0
    from = ff + 1
  }
  n += data.copy(out, n, from)
  end.copy(out, n)
  return out
}

const bitAt = (bits: Uint8Array, pos: number) => ((bits[pos >> 3] ?? 0) >> (7 - (pos & 7))) & 1

/** Reads one Huffman-coded symbol at `pos`: [symbol, position after it]. */
function decode(bits: Uint8Array, pos: number, table: Huffman): [number, number] {
  let code = 0
  for (let length = 1; length <= 16; length++) {
    code = (code << 1) | bitAt(bits, pos++)
    if (code <= (table.maxCode[length] ?? -1))
      return [
        table.values[(table.valPtr[length] ?? 0) + code - (table.minCode[length] ?? 0)] ?? 0,
        pos,
      ]
  }
  throw new Error('Not a Huffman code of this table')
}

/** The position after the MCU that starts at `pos` (its blocks are skipped, not decoded). */
function skipMcu(scan: Scan, pos: number): number {
  for (const { blocks, dc, ac } of scan.components)
    for (let b = 0; b < blocks; b++) {
      let size: number
      ;[size, pos] = decode(scan.bits, pos, dc)
      pos += size
      for (let k = 1; k < 64; ) {
        let symbol: number
        ;[symbol, pos] = decode(scan.bits, pos, ac)
        const run = symbol >> 4
        const bits = symbol & 15
        if (bits === 0) {
          if (run !== 15) break // end of block
          k += 16
          continue
        }
        pos += bits
        k += run + 1
      }
    }
  return pos
}

/** A background read once: its scan, and where each MCU row's first and last MCUs are. */
export type SpliceBase = {
  scan: Scan
  /** By MCU row: the bit position after that row's first MCU. */
  firstMcuEnd: number[]
  /** By MCU row: the bits of its last MCU (the one at the right edge); `to` is where the next
   * row starts, and for the last row where the data ends. */
  lastMcu: { from: number; to: number }[]
}

/** Reads a background's JPEG; undefined if it has a shape the splice does not handle. */
export function spliceBase(jpeg: Buffer): SpliceBase | undefined {
  const scan = parseScan(jpeg)
  if (!scan) return undefined
  const columns = Math.ceil(scan.width / MCU)
  const rows = Math.ceil(scan.height / MCU)
  const firstMcuEnd: number[] = []
  const lastMcu: { from: number; to: number }[] = []
  let pos = 0
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++) {
      const from = pos
      pos = skipMcu(scan, pos)
      if (column === 0) firstMcuEnd.push(pos)
      if (column === columns - 1) lastMcu.push({ from, to: pos })
    }
  return { scan, firstMcuEnd, lastMcu }
}

/** Bits written one after the other from any bit position of other bit strings. */
class BitWriter {
  readonly out: Uint8Array
  private at = 0
  private acc = 0
  private held = 0
  constructor(bits: number) {
    this.out = new Uint8Array(Math.ceil(bits / 8))
  }
  private push(bit: number) {
    this.acc = (this.acc << 1) | bit
    if (++this.held === 8) {
      this.out[this.at++] = this.acc
      this.acc = 0
      this.held = 0
    }
  }
  /** Appends the bits of `bits` from `from` to `to`. */
  copy(bits: Uint8Array, from: number, to: number) {
    let p = from
    // Bit by bit up to a byte boundary of the source, then whole bytes shifted by what is held.
    while (p < to && p & 7) this.push(bitAt(bits, p++))
    for (; p + 8 <= to; p += 8) {
      const byte = bits[p >> 3] ?? 0
      this.out[this.at++] = ((this.acc << (8 - this.held)) | (byte >> this.held)) & 0xff
      this.acc = byte & ((1 << this.held) - 1)
    }
    while (p < to) this.push(bitAt(bits, p++))
  }
  /** The bytes, what is held completed with 1-bits (JPEG's padding). */
  finish(): Uint8Array {
    const { held, acc } = this
    if (held) this.out[this.at] = ((acc << (8 - held)) | ((1 << (8 - held)) - 1)) & 0xff
    return this.out
  }
}

/**
 * The card whose rows from `top` (a multiple of MCU) down the band's height `band` encodes, the
 * rest being the background's; undefined when the two encodings cannot be spliced. The band ends
 * at a multiple of MCU or at the card's bottom edge. The caller ensures that the first MCU of the
 * band and its last two hold no ink (they equal the background's).
 */
export function spliceCard(base: SpliceBase, band: Buffer, top: number): Buffer | undefined {
  const scan = parseScan(band)
  const { scan: whole } = base
  if (!scan || top % MCU || scan.width !== whole.width || !scan.tables.equals(whole.tables))
    return undefined
  const bottom = top + scan.height
  if (bottom > whole.height || (bottom < whole.height && bottom % MCU)) return undefined
  const prefix = base.firstMcuEnd[top / MCU]
  const last = base.lastMcu[Math.ceil(bottom / MCU) - 1]
  const dataEnd = base.lastMcu[base.lastMcu.length - 1]?.to
  if (prefix === undefined || !last || dataEnd === undefined) return undefined
  // The band's data ends with the background's last MCU of the band's last row (same values,
  // same neighbour), then 1-bits to the byte's end: the one padding length that fits is where
  // its data ends.
  const lastBits = last.to - last.from
  const total = scan.bits.length * 8
  let end = -1
  for (let padding = 0; padding < 8; padding++) {
    let fits = true
    for (let k = 0; fits && k < padding; k++) fits = bitAt(scan.bits, total - 1 - k) === 1
    const from = total - padding - lastBits
    for (let k = 0; fits && k < lastBits; k++)
      fits = bitAt(scan.bits, from + k) === bitAt(whole.bits, last.from + k)
    if (!fits) continue
    if (end >= 0) return undefined // two readings: not sure where the data ends
    end = total - padding
  }
  if (end < 0) return undefined
  const skip = skipMcu(scan, 0)
  // The background's bits up to `prefix`, the band's from `skip` to `end`, then the background's
  // from the row after the band (its first MCU's values are coded from the band's last MCU's,
  // which are the background's).
  const writer = new BitWriter(prefix + (end - skip) + (dataEnd - last.to))
  writer.copy(whole.bits, 0, prefix)
  writer.copy(scan.bits, skip, end)
  writer.copy(whole.bits, last.to, dataEnd)
  return stuffed(whole.header, writer.finish(), EOI)
}
