import { expect } from 'chai';
import pino from 'pino';
import sinon from 'sinon';
import {
  type AccessFields,
  pinoAccessLine,
  readyMadeAccessLine,
} from '../../../src/observability/access-line';

function capture(): { lines: string[]; write(line: string): void; flush(): void } {
  const lines: string[] = [];
  return { lines, write: (line) => lines.push(line), flush: () => {} };
}

const FIELDS: AccessFields = {
  reqId: '3f2b8c1e-9d4a-4c5e-8f6a-1b2c3d4e5f60',
  method: 'GET',
  url: '/hello?name=Zoë&token=[Redacted]',
  statusCode: 200,
  responseTime: 3,
  route: '/hello',
  userId: undefined,
};

// The same line both ways, through one logger configured as the default one, times set equal.
function bothWays(fields: AccessFields, level = 'info', msg = 'request completed'): [string, string] {
  const stream = capture();
  const logger = pino({ name: 'trellis', level: 'info' }, stream);
  readyMadeAccessLine(logger, stream)(level, fields, msg);
  pinoAccessLine(logger)(level, fields, msg);
  const sameTime = (line: string | undefined) => String(line).replace(/"time":\d+/, '"time":0');
  return [sameTime(stream.lines[0]), sameTime(stream.lines[1])];
}

describe('the access line written ready-made for the default logger', () => {
  it('is, byte for byte, the line pino writes for the same fields', () => {
    const [readyMade, viaPino] = bothWays(FIELDS);
    expect(readyMade).to.include('"reqId":"3f2b8c1e');
    expect(readyMade).to.equal(viaPino);
  });

  it('escapes what a URL may carry and leaves out what is undefined, as pino does', () => {
    const cases: AccessFields[] = [
      { ...FIELDS, url: '/a"b\\c\u0001?x=\u2028' },
      { ...FIELDS, method: undefined },
      { ...FIELDS, url: undefined },
      { ...FIELDS, method: undefined, url: undefined },
      { ...FIELDS, route: undefined, userId: 42 },
      { ...FIELDS, userId: 'u-"7"' },
      { ...FIELDS, route: '/caf\u00e9/"x"', url: '/a\\b' },
    ];
    for (const fields of cases) {
      const [readyMade, viaPino] = bothWays(fields);
      expect(readyMade, JSON.stringify(fields)).to.equal(viaPino);
      expect(() => JSON.parse(readyMade)).not.to.throw();
    }
  });

  it('writes failures at error with their message, and nothing below the logger level', () => {
    const [readyMade, viaPino] = bothWays({ ...FIELDS, statusCode: 500 }, 'error', 'request failed');
    expect(JSON.parse(readyMade)).to.include({ level: 50, msg: 'request failed' });
    expect(readyMade).to.equal(viaPino);
    const stream = capture();
    const logger = pino({ name: 'trellis', level: 'warn' }, stream);
    readyMadeAccessLine(logger, stream)('info', FIELDS, 'request completed');
    expect(stream.lines).to.deep.equal([]);
  });

  it('stays byte for byte right past the stretches it keeps (a thousand of each kind)', () => {
    const readyMade = capture();
    const viaPino = capture();
    const write = readyMadeAccessLine(pino({ name: 'trellis' }, readyMade), readyMade);
    const pinoWrite = pinoAccessLine(pino({ name: 'trellis' }, viaPino));
    for (let index = 0; index < 1_500; index++) {
      const fields = { ...FIELDS, route: `/r${index}`, statusCode: 100 + (index % 500) };
      write('info', fields, `done ${index % 1_200}`);
      pinoWrite('info', fields, `done ${index % 1_200}`);
    }
    const sameTime = (line: string) => line.replace(/"time":\d+/, '"time":0');
    expect(readyMade.lines.map(sameTime)).to.deep.equal(viaPino.lines.map(sameTime));
    expect(readyMade.lines[1_499]).to.include('"route":"/r1499"');
  });

  it('writes the time of each line: one millisecond written once, the next one anew', () => {
    // The clock is the spec's: a busy machine's timers say nothing about how far Date.now() moved.
    const clock = sinon.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date'] });
    try {
      const stream = capture();
      const write = readyMadeAccessLine(pino({ name: 'trellis' }, stream), stream);
      write('info', FIELDS, 'request completed');
      write('info', FIELDS, 'request completed');
      clock.tick(5);
      write('info', FIELDS, 'request completed');
      const times = stream.lines.map((line) => JSON.parse(line).time as number);
      expect(times).to.deep.equal([1_700_000_000_000, 1_700_000_000_000, 1_700_000_000_005]);
    } finally {
      clock.restore();
    }
  });

  it("carries the logger's bindings, a child's included", () => {
    const stream = capture();
    const child = pino({ name: 'trellis' }, stream).child({ service: 'tasks' });
    readyMadeAccessLine(child, stream)('info', FIELDS, 'request completed');
    pinoAccessLine(child)('info', FIELDS, 'request completed');
    const [readyMade, viaPino] = stream.lines.map((line) => line.replace(/"time":\d+/, '"time":0'));
    expect(JSON.parse(readyMade)).to.include({ service: 'tasks', name: 'trellis' });
    expect(readyMade).to.equal(viaPino);
  });
});
