import type { AppDescription } from '../../src/inspect/app-description';
import { graphModel } from '../../src/inspect/graph-model';
import { dotGraph } from './dot-graph';
import { LoadAppError, loadApp } from './load-app';
import { mermaidGraph } from './mermaid-graph';

/** The forms `trellis inspect` prints. */
export const INSPECT_FORMATS = ['json', 'mermaid', 'dot'] as const;
type Format = (typeof INSPECT_FORMATS)[number];

const RENDER: Record<Format, (description: AppDescription) => string> = {
  json: (description) => `${JSON.stringify(description, null, 2)}\n`,
  mermaid: (description) => mermaidGraph(graphModel(description)),
  dot: (description) => dotGraph(graphModel(description)),
};

function parse(args: string[]): { file: string; format: Format } | string {
  let file: string | undefined;
  let format: Format = 'json';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--format' || arg.startsWith('--format=')) {
      const value = arg === '--format' ? args[++i] : arg.slice('--format='.length);
      if (!INSPECT_FORMATS.includes(value as Format))
        return `trellis inspect: unknown format '${value ?? ''}' (one of ${INSPECT_FORMATS.join(', ')})`;
      format = value as Format;
    } else if (arg.startsWith('-') || file !== undefined) return `trellis inspect: unknown option '${arg}'`;
    else file = arg;
  }
  return file === undefined ? 'trellis inspect: which file? trellis inspect <file>' : { file, format };
}

/**
 * `trellis inspect <file> [--format json|mermaid|dot]`: prints the description of the application
 * `file` exports, without listening; 1 with the coded error when it does not ready (the
 * description, as far as it goes, is printed all the same), 2 on a usage mistake.
 */
export async function inspectCommand(
  args: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
  usage: string,
): Promise<number> {
  const parsed = parse(args);
  if (typeof parsed === 'string') {
    err.write(`${parsed}\n${usage}`);
    return 2;
  }
  // The application's log lines would be mixed into what is printed.
  process.env.LOG_LEVEL ??= 'silent';
  let app: Awaited<ReturnType<typeof loadApp>>;
  try {
    app = await loadApp(parsed.file);
  } catch (failure) {
    const { code, message } = failure as { code?: string; message: string };
    err.write(failure instanceof LoadAppError ? `${message}\n` : `${code ? `${code}: ` : ''}${message}\n`);
    return 1;
  }
  const description = await app.inspect();
  out.write(RENDER[parsed.format](description));
  await app.close().catch(() => {});
  if (!description.error) return 0;
  const { code, message } = description.error;
  err.write(`trellis inspect: the application does not ready: ${code ? `${code}: ` : ''}${message}\n`);
  return 1;
}
