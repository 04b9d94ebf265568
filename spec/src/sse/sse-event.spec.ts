import { expect } from 'chai';
import { formatEvent } from '../../../src/sse/sse-event';

describe('formatEvent', () => {
  it('writes event, id and retry fields before the data, and ends with a blank line', () => {
    expect(formatEvent({ data: 'hi', id: 7, event: 'greeting', retry: 1500 })).to.equal(
      'event: greeting\nid: 7\nretry: 1500\ndata: hi\n\n',
    );
  });

  it('sends data that is not a string as JSON, and plain items as unnamed events', () => {
    expect(formatEvent({ data: { a: 1 } })).to.equal('data: {"a":1}\n\n');
    expect(formatEvent(42)).to.equal('data: 42\n\n');
  });

  it('splits a multi-line payload into data lines (CRLF, CR and LF alike)', () => {
    expect(formatEvent({ data: 'a\r\nb\rc\nd' })).to.equal('data: a\ndata: b\ndata: c\ndata: d\n\n');
  });

  it('keeps a line break in an id or event name from starting a field of its own', () => {
    expect(formatEvent({ data: 'x', id: '1\ndata: forged', event: 'e\r\nid: 9' })).to.equal(
      'event: e  id: 9\nid: 1 data: forged\ndata: x\n\n',
    );
  });
});
