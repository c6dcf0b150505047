// The XMP packet of an MP4, written without re-encoding. Adobe's XMP Specification Part 3 (§1.2.7,
// "MPEG-4") stores it in a top-level `uuid` box whose extended type is BE7ACFCB-97A9-42E8-9C71-
// 999491E3AFAC. The box is appended after the last box: a box inserted before `mdat` would move
// the samples that `stco`/`co64` address by absolute file offset. An XMP box already in the file
// is dropped when it is last, else retyped `free` in place, so nothing after it moves either.

/** The XMP box's extended type (XMP Specification Part 3, MPEG-4). */
export const xmpBoxUuid = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

interface TopLevelBox {
  type: string;
  start: number;
  /** Bytes of the box, its header included. */
  size: number;
  /** Bytes of the header: 8, or 16 with a 64-bit size; a `uuid` box's 16-byte type follows it. */
  headerSize: number;
  /** The box's 32-bit size field was 0: it runs to the end of the file. */
  toEndOfFile: boolean;
}

/** The file's top-level boxes (ISO/IEC 14496-12 §4.2); throws on anything that is not an MP4. */
export function topLevelBoxes(mp4: Uint8Array): TopLevelBox[] {
  const view = new DataView(mp4.buffer, mp4.byteOffset, mp4.byteLength);
  const boxes: TopLevelBox[] = [];
  for (let start = 0; start < mp4.length; ) {
    if (mp4.length - start < 8) throw new Error(`Not an MP4: ${mp4.length - start} stray bytes at offset ${start}`);
    const size32 = view.getUint32(start);
    const type = Buffer.from(mp4.subarray(start + 4, start + 8)).toString('latin1');
    let size = size32;
    let headerSize = 8;
    if (size32 === 1) {
      if (mp4.length - start < 16) throw new Error(`Not an MP4: box ${type} at offset ${start} is cut short`);
      size = Number(view.getBigUint64(start + 8));
      headerSize = 16;
    } else if (size32 === 0) {
      size = mp4.length - start;
    }
    if (size < headerSize || start + size > mp4.length) {
      throw new Error(`Not an MP4: box ${JSON.stringify(type)} at offset ${start} claims ${size} bytes`);
    }
    boxes.push({ type, start, size, headerSize, toEndOfFile: size32 === 0 });
    start += size;
  }
  if (boxes[0]?.type !== 'ftyp') throw new Error('Not an MP4: it does not start with an ftyp box');
  return boxes;
}

function isXmpBox(mp4: Uint8Array, box: TopLevelBox): boolean {
  const uuidStart = box.start + box.headerSize;
  return (
    box.type === 'uuid' &&
    box.size >= box.headerSize + xmpBoxUuid.length &&
    xmpBoxUuid.equals(mp4.subarray(uuidStart, uuidStart + xmpBoxUuid.length))
  );
}

/** The file with `packet` as its only XMP packet; every byte before the end keeps its offset. */
export function withXmpPacket(mp4: Uint8Array, packet: string): Buffer {
  const boxes = topLevelBoxes(mp4);
  const last = boxes.at(-1)!;
  const keptLength = isXmpBox(mp4, last) ? last.start : mp4.length;
  const kept = Buffer.from(mp4.subarray(0, keptLength));
  for (const box of boxes) {
    if (box.start < keptLength && isXmpBox(mp4, box)) kept.write('free', box.start + 4, 'latin1');
  }
  const tail = boxes.findLast((box) => box.start < keptLength);
  if (tail?.toEndOfFile) {
    // A box "to the end of the file" would swallow the XMP box; say its size instead.
    if (tail.size > 0xffff_ffff) throw new Error(`Cannot append XMP: box ${tail.type} runs to the end of the file`);
    kept.writeUInt32BE(tail.size, tail.start);
  }
  const payload = Buffer.from(packet, 'utf8');
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + xmpBoxUuid.length + payload.length);
  header.write('uuid', 4, 'latin1');
  return Buffer.concat([kept, header, xmpBoxUuid, payload]);
}

/** The file's XMP packet (the last XMP box's), or undefined when it has none. */
export function readXmpPacket(mp4: Uint8Array): string | undefined {
  const box = topLevelBoxes(mp4).findLast((candidate) => isXmpBox(mp4, candidate));
  if (!box) return undefined;
  const payloadStart = box.start + box.headerSize + xmpBoxUuid.length;
  return Buffer.from(mp4.subarray(payloadStart, box.start + box.size)).toString('utf8');
}

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeXml = (text: string) => text.replace(/[&<>"]/g, (char) => xmlEscapes[char]!);

/**
 * An XMP packet (XMP Specification Part 1) naming how the media was made: IPTC Extension's
 * `DigitalSourceType` (the property Meta reads for its "AI info" label) and the tool that made it.
 */
export function digitalSourceXmpPacket(fields: { digitalSourceType: string; creatorTool: string }): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '  <rdf:Description rdf:about=""',
    '    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"',
    '    xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    `    Iptc4xmpExt:DigitalSourceType="${escapeXml(fields.digitalSourceType)}"`,
    `    xmp:CreatorTool="${escapeXml(fields.creatorTool)}"/>`,
    ' </rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="r"?>',
  ].join('\n');
}
