/**
 * JSON made once (a list of definitions made at `ready()`), which the MCP transport writes as it
 * is, its bytes encoded once too, instead of serializing and encoding the value on every request;
 * anything else that serializes it gets the value back (`toJSON`).
 */
export class SerializedJson {
  private encoded?: Buffer;

  constructor(readonly text: string) {}

  /** The text as UTF-8, encoded on first use. */
  get bytes(): Buffer {
    this.encoded ??= Buffer.from(this.text);
    return this.encoded;
  }

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

const PLACEHOLDER = '\u0000trellis:serialized\u0000';
const QUOTED_PLACEHOLDER = JSON.stringify(PLACEHOLDER);

/** A JSON-RPC message as the pieces of its text: a `SerializedJson` field of its result goes in as its bytes. */
export function messageParts(message: object): (string | Buffer)[] {
  const result = (message as { result?: Record<string, unknown> }).result;
  if (result !== null && typeof result === 'object')
    for (const [key, value] of Object.entries(result))
      if (value instanceof SerializedJson) {
        const text = JSON.stringify({ ...message, result: { ...result, [key]: PLACEHOLDER } });
        const at = text.indexOf(QUOTED_PLACEHOLDER);
        return [text.slice(0, at), value.bytes, text.slice(at + QUOTED_PLACEHOLDER.length)];
      }
  return [JSON.stringify(message)];
}

/** A JSON-RPC message as text. */
export function messageText(message: object): string {
  return messageParts(message)
    .map((part) => (typeof part === 'string' ? part : part.toString('utf8')))
    .join('');
}
