// Mocha runs without `exit: true`, so a spec that leaves a server, socket, timer or child
// process open keeps the run from ending; this names what is left instead of a silent hang.
const GRACE_MS = 2000;
const STDIO = new Set(['TTYWrap', 'PipeWrap']);

/** Root hooks loaded by every mocha run. */
export const mochaHooks = {
  afterAll(): void {
    setTimeout(() => {
      const open = process.getActiveResourcesInfo().filter((kind) => !STDIO.has(kind));
      if (open.length === 0) return;
      process.exitCode = 1;
      console.error(`specs left open ${GRACE_MS} ms after the run: ${open.join(', ')}`);
    }, GRACE_MS).unref();
  },
};
