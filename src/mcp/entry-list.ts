import { isThenable } from '../../container/is-thenable';
import type { McpEntry } from './mcp-handlers';
import { SerializedJson } from './serialized-json';

/** How many selections of one list (which entries a caller sees) are kept serialized. */
const KEPT_SELECTIONS = 64;

/**
 * One list MCP answers (the tools, the resources, the templates, the prompts): its entries, in
 * order, and their definitions serialized once per selection of them, so that a list costs about
 * the same whatever its length; most callers see one of few selections, every caller the same
 * one where no entry has a guard.
 */
export class EntryList<E extends McpEntry> {
  readonly entries: E[] = [];
  private readonly texts: string[] = [];
  private readonly selections = new Map<string, SerializedJson>();
  private everything?: SerializedJson;

  add(entry: E): void {
    this.entries.push(entry);
    this.texts.push(JSON.stringify(entry.definition));
    this.selections.clear();
    this.everything = undefined;
  }

  /** The definitions of the entries `user` (undefined: anonymous) may call; asynchronous only when a guard is. */
  visibleTo(user: unknown): SerializedJson | Promise<SerializedJson> {
    if (this.entries.every((entry) => entry.visibility.everyone)) {
      this.everything ??= new SerializedJson(`[${this.texts.join(',')}]`);
      return this.everything;
    }
    const verdicts = this.entries.map((entry) => entry.visibility.visibleTo(user));
    if (!verdicts.some(isThenable)) return this.selection(verdicts as boolean[]);
    return Promise.all(verdicts).then((shown) => this.selection(shown));
  }

  private selection(shown: boolean[]): SerializedJson {
    const key = shown.map((show) => (show ? '1' : '0')).join('');
    let list = this.selections.get(key);
    if (!list) {
      list = new SerializedJson(`[${this.texts.filter((_text, index) => shown[index]).join(',')}]`);
      if (this.selections.size < KEPT_SELECTIONS) this.selections.set(key, list);
    }
    return list;
  }
}
