import fc from 'fast-check';

/**
 * Cases per parser and engine: a few dozen in CI, as many as `FUZZ_RUNS` says in a long run
 * (`npm run fuzz`). `FUZZ_SEED` replays a run; the seed of every run is printed.
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 30);

/** The seed of this run: `FUZZ_SEED`, or a fresh one. */
export const FUZZ_SEED =
  process.env.FUZZ_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED);

let printed = false;

/** Checks `property` on `FUZZ_RUNS` cases from `FUZZ_SEED`; a failure names the seed, path and shrunk case. */
export async function fuzz<T>(
  arbitrary: fc.Arbitrary<T>,
  property: (value: T) => Promise<void>,
): Promise<void> {
  if (!printed) {
    printed = true;
    console.log(`      fuzz: ${FUZZ_RUNS} cases per parser, FUZZ_SEED=${FUZZ_SEED}`);
  }
  await fc.assert(fc.asyncProperty(arbitrary, property), {
    numRuns: FUZZ_RUNS,
    seed: FUZZ_SEED,
    endOnFailure: true,
  });
}

/** Printable ASCII without the characters that end a header line. */
export const headerText = (maxLength = 200) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

/** Any byte but CR and LF, as a latin1 character: control characters and obs-text included. */
export const headerBytes = (maxLength = 200) =>
  fc.string({
    unit: fc
      .integer({ min: 0, max: 0xff })
      .filter((c) => c !== 0x0d && c !== 0x0a)
      .map((c) => String.fromCharCode(c)),
    maxLength,
  });

/** Percent-encoded junk: valid escapes, broken ones, overlong and invalid UTF-8, encoded slashes. */
export const percentJunk = fc.oneof(
  fc.constantFrom(
    '%',
    '%2',
    '%zz',
    '%2F',
    '%2f',
    '%5C',
    '%00',
    '%C0%AF',
    '%E0%80%AF',
    '%FF',
    '%ED%A0%80',
    '%F4%90%80%80',
    '%C3',
    '..%2F..%2F',
  ),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc
    .uint8Array({ maxLength: 12 })
    .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
);

/** Text for a URL: percent junk and plain characters mixed. */
export const urlText = fc
  .array(fc.oneof(percentJunk, fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@[\]-]{0,8}$/)), { maxLength: 6 })
  .map((parts) => parts.join(''));
