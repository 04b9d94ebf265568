/**
 * JSON text made once (a list of definitions made at `ready()`), which the MCP transport writes as
 * it is instead of serializing the value again on every request; anything else that serializes it
 * gets the value back (`toJSON`).
 */
export class SerializedJson {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

const PLACEHOLDER = '\u0000trellis:serialized\u0000';
const QUOTED_PLACEHOLDER = JSON.stringify(PLACEHOLDER);

/** A JSON-RPC message as text: a `SerializedJson` field of its result goes in as its text. */
export function messageText(message: object): string {
  const result = (message as { result?: Record<string, unknown> }).result;
  if (result !== null && typeof result === 'object')
    for (const [key, value] of Object.entries(result))
      if (value instanceof SerializedJson)
        return JSON.stringify({ ...message, result: { ...result, [key]: PLACEHOLDER } }).replace(
          QUOTED_PLACEHOLDER,
          () => value.text,
        );
  return JSON.stringify(message);
}
