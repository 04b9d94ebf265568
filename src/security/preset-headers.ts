import { OutgoingMessage, type ServerResponse, validateHeaderName, validateHeaderValue } from 'node:http';

/** Adds headers known before the request (their names and values checked once) to a response. */
export type HeaderPreset = (res: ServerResponse) => void;

type HeaderTable = Record<string, [string, string]>;

// Node keeps a response's headers in an object under this symbol, each as
// `lower-cased name: [name, value]`; `setHeader` only checks the name and value, lower-cases the
// name and stores that pair. Writing the pair directly spares those checks on every request for
// headers whose names and values never change (twelve of them by default). Undefined if a Node
// release stores headers otherwise: `setHeader` is used then.
const OUT_HEADERS = Object.getOwnPropertySymbols(new OutgoingMessage()).find(
  (symbol) => symbol.description === 'kOutHeaders',
);

/**
 * Sets one header whose name is fixed and whose value is known to be valid (a request id of
 * letters, digits and `._:-`), without `setHeader`'s checks; `key` is the lower-cased name.
 */
export function setCheckedHeader(res: ServerResponse, key: string, name: string, value: string): void {
  if (OUT_HEADERS === undefined) {
    res.setHeader(name, value);
    return;
  }
  const holder = res as unknown as Record<symbol, HeaderTable | null>;
  let table = holder[OUT_HEADERS];
  if (!table) {
    table = Object.create(null) as HeaderTable;
    holder[OUT_HEADERS] = table;
  }
  table[key] = [name, value];
}

/**
 * The setter of `headers` on a response, as `res.setHeader` would set each (later calls can
 * still change or remove them), their names and values checked here, once.
 */
export function presetHeaders(headers: readonly (readonly [string, string])[]): HeaderPreset {
  for (const [name, value] of headers) {
    validateHeaderName(name);
    validateHeaderValue(name, value);
  }
  const names = headers.map(([name]) => name);
  const values = headers.map(([, value]) => value);
  const keys = names.map((name) => name.toLowerCase());
  const key = OUT_HEADERS;
  if (key === undefined)
    return (res) => {
      for (let i = 0; i < names.length; i++) res.setHeader(names[i], values[i]);
    };
  return (res) => {
    const holder = res as unknown as Record<symbol, HeaderTable | null>;
    let table = holder[key];
    if (!table) {
      table = Object.create(null) as HeaderTable;
      holder[key] = table;
    }
    // A pair of its own per response: `appendHeader` changes the pair it finds in place.
    for (let i = 0; i < keys.length; i++) table[keys[i]] = [names[i], values[i]];
  };
}
