/** What `Prompt()` takes besides the name and the arguments' schema. */
export interface PromptOptions {
  /** A human-readable title. */
  title?: string;
  /** What the prompt is for. */
  description?: string;
}
