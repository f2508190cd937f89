/**
 * Binary layouts as data: a layout is a table of fields (name, type, in order or at a given offset),
 * and both its decoder and its encoder are made from that table, as rekordcrate's `binrw` structs and
 * crate-digger's Kaitai definitions describe rekordbox's files. A field added to the table is read and
 * written alike; no offset is written twice. Every DataView get/set of the device library's fixed
 * structures goes through here.
 */

interface NumberField {
  readonly kind: 'number';
  readonly size: 1 | 2 | 3 | 4;
  readonly at?: number;
}
interface ArrayField {
  readonly kind: 'array';
  readonly size: 1 | 2 | 4;
  readonly count: number;
  readonly at?: number;
}
interface BytesField {
  readonly kind: 'bytes';
  readonly size: number;
  readonly at?: number;
}
/** Four ASCII letters: an ANLZ tag ("PMAI", "PQTZ"). */
interface TagField {
  readonly kind: 'tag';
  readonly size: 4;
  readonly at?: number;
}
export type Field = NumberField | ArrayField | BytesField | TagField;

export const u8: NumberField = { kind: 'number', size: 1 };
export const u16: NumberField = { kind: 'number', size: 2 };
/** Three bytes: DeviceSQL's page header packs two counts (13 and 11 bits) in them. */
export const u24: NumberField = { kind: 'number', size: 3 };
export const u32: NumberField = { kind: 'number', size: 4 };
export const tag: TagField = { kind: 'tag', size: 4 };
export const bytes = (size: number): BytesField => ({ kind: 'bytes', size });
export const array = (of: NumberField, count: number): ArrayField => ({
  kind: 'array',
  size: of.size as 1 | 2 | 4,
  count,
});
/** `field` at a fixed offset, for layouts that overlap or skip (the next field follows it). */
export const at = <F extends Field>(offset: number, field: F): F => ({ ...field, at: offset });

type ValueOf<F extends Field> = F extends ArrayField
  ? number[]
  : F extends BytesField
    ? Uint8Array
    : F extends TagField
      ? string
      : number;
export type Values<Fields extends Record<string, Field>> = { [K in keyof Fields]: ValueOf<Fields[K]> };

export interface Layout<Fields extends Record<string, Field>> {
  readonly fields: Fields;
  /** Bytes from the layout's start to the end of its last field. */
  readonly size: number;
  readonly offsetOf: { readonly [K in keyof Fields]: number };
  read(source: Uint8Array, at?: number): Values<Fields>;
  /** Writes the fields given (all, or a few: a link in a page kept otherwise as it is). */
  write(target: Uint8Array, values: Partial<Values<Fields>>, at?: number): void;
  /** The layout's bytes for `values`; fields not given are zero. */
  encode(values: Partial<Values<Fields>>): Uint8Array;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function getNumber(data: DataView, offset: number, size: number, little: boolean): number {
  if (size === 1) return data.getUint8(offset);
  if (size === 2) return data.getUint16(offset, little);
  if (size === 4) return data.getUint32(offset, little);
  const low = data.getUint16(little ? offset : offset + 1, little);
  const high = data.getUint8(little ? offset + 2 : offset);
  return low | (high << 16);
}

function setNumber(data: DataView, offset: number, size: number, value: number, little: boolean): void {
  if (size === 1) data.setUint8(offset, value);
  else if (size === 2) data.setUint16(offset, value, little);
  else if (size === 4) data.setUint32(offset, value >>> 0, little);
  else {
    data.setUint16(little ? offset : offset + 1, value & 0xffff, little);
    data.setUint8(little ? offset + 2 : offset, (value >>> 16) & 0xff);
  }
}

function readField(source: Uint8Array, data: DataView, field: Field, offset: number, little: boolean) {
  switch (field.kind) {
    case 'number':
      return getNumber(data, offset, field.size, little);
    case 'array':
      return Array.from({ length: field.count }, (_, i) =>
        getNumber(data, offset + i * field.size, field.size, little),
      );
    case 'bytes':
      return source.slice(offset, offset + field.size);
    case 'tag':
      return String.fromCharCode(...source.subarray(offset, offset + 4));
  }
}

function writeField(
  target: Uint8Array,
  data: DataView,
  field: Field,
  offset: number,
  value: unknown,
  little: boolean,
): void {
  switch (field.kind) {
    case 'number':
      setNumber(data, offset, field.size, value as number, little);
      break;
    case 'array':
      (value as number[]).forEach((item, i) => {
        setNumber(data, offset + i * field.size, field.size, item, little);
      });
      break;
    case 'bytes':
      target.set((value as Uint8Array).subarray(0, field.size), offset);
      break;
    case 'tag':
      for (let i = 0; i < 4; i++) target[offset + i] = (value as string).charCodeAt(i);
  }
}

function fieldBytes(field: Field): number {
  return field.kind === 'array' ? field.size * field.count : field.size;
}

/** A layout of `fields`, in order (or at their `at`), little- or big-endian. */
export function layout<Fields extends Record<string, Field>>(
  endian: 'le' | 'be',
  fields: Fields,
): Layout<Fields> {
  const little = endian === 'le';
  const offsets: Record<string, number> = {};
  let next = 0;
  let size = 0;
  for (const [name, field] of Object.entries(fields)) {
    const offset = field.at ?? next;
    offsets[name] = offset;
    next = offset + fieldBytes(field);
    size = Math.max(size, next);
  }
  const entries = Object.entries(fields).map(([name, field]) => [name, field, offsets[name] ?? 0] as const);
  const result: Layout<Fields> = {
    fields,
    size,
    offsetOf: offsets as { [K in keyof Fields]: number },
    read(source, start = 0) {
      const data = view(source);
      const values: Record<string, unknown> = {};
      for (const [name, field, offset] of entries)
        values[name] = readField(source, data, field, start + offset, little);
      return values as Values<Fields>;
    },
    write(target, values, start = 0) {
      const data = view(target);
      const given = values as Record<string, unknown>;
      for (const [name, field, offset] of entries) {
        const value = given[name];
        if (value !== undefined) writeField(target, data, field, start + offset, value, little);
      }
    },
    encode(values) {
      const target = new Uint8Array(size);
      result.write(target, values);
      return target;
    },
  };
  return result;
}
