import { expect } from 'chai';
import { reasonPhrase } from '../../../src';

describe('reasonPhrase()', () => {
  it('names the statuses Trellis answers with', () => {
    expect(reasonPhrase(422)).to.equal('Unprocessable Entity');
    expect(reasonPhrase(429)).to.equal('Too Many Requests');
  });

  it('names any other standard status', () => {
    expect(reasonPhrase(418)).to.equal("I'm a Teapot");
    expect(reasonPhrase(451)).to.equal('Unavailable For Legal Reasons');
  });

  it('falls back to a generic phrase for unknown statuses', () => {
    expect(reasonPhrase(499)).to.equal('Error');
    expect(reasonPhrase(599)).to.equal('Internal Server Error');
  });
});
