// How a PostgresBroadcaster message travels in a notification, or in a row a notification names.

/** One broadcast with short keys (every instance parses every one): instance, gateway, data, room, sender. */
export interface WireEnvelope {
  i: string;
  g: string;
  d: string;
  r?: string;
  s?: string;
}

/** A notification that names the row holding a broadcast too large to travel in it. */
export interface WireReference {
  /** The instance that published it. */
  i: string;
  /** The row's id in the broadcast table. */
  p: string;
}

/** What one notification carries: the broadcast itself, or the row that holds it. */
export type WireMessage = { envelope: WireEnvelope } | { reference: WireReference };

/**
 * A broadcast as text: a header line, then the data as it was given. The data is already JSON:
 * quoted again inside the header it would grow (a quote takes two bytes, a control character six).
 */
export function encodeEnvelope(wire: WireEnvelope): string {
  const { d, ...header } = wire;
  // JSON.stringify writes no raw line break, so the first one ends the header.
  return `${JSON.stringify(header)}\n${d}`;
}

/**
 * The start of a reference's text, which the row's id and `"}` complete. It has no line break
 * and no data, so an earlier release ignores it as malformed rather than deliver it empty.
 */
export function referencePrefix(instanceId: string): string {
  return JSON.stringify({ i: instanceId, p: '' }).slice(0, -2);
}

/** Reads a notification, or the text of a broadcast row; undefined when it is neither. */
export function decodeWire(payload: string | undefined): WireMessage | undefined {
  try {
    const text = payload ?? '';
    const end = text.indexOf('\n');
    // An instance of an earlier release sends the data inside the header: both are read.
    const value = (
      end === -1 ? JSON.parse(text) : { ...JSON.parse(text.slice(0, end)), d: text.slice(end + 1) }
    ) as Partial<WireEnvelope & WireReference> | null;
    if (typeof value?.i !== 'string') return undefined;
    if (typeof value.p === 'string' && value.d === undefined)
      return { reference: { i: value.i, p: value.p } };
    if (typeof value.g !== 'string' || typeof value.d !== 'string') return undefined;
    const envelope: WireEnvelope = { i: value.i, g: value.g, d: value.d };
    if (typeof value.r === 'string') envelope.r = value.r;
    if (typeof value.s === 'string') envelope.s = value.s;
    return { envelope };
  } catch {
    return undefined;
  }
}
