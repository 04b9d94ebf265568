import { expect } from 'chai';
import { isLoopback } from '../../../src/devtools/loopback';

describe('isLoopback', () => {
  it('takes the IPv4 loopback network, IPv6 loopback, and both mapped', () => {
    for (const address of ['127.0.0.1', '127.8.0.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(address), address).to.equal(true);
  });

  it('refuses every other address, a missing one and look-alikes', () => {
    for (const address of [
      undefined,
      '',
      '192.0.2.2',
      '10.0.0.1',
      '::ffff:10.0.0.1',
      'fd00::2',
      '127.example',
      '::2',
      '0.0.0.0',
    ])
      expect(isLoopback(address), String(address)).to.equal(false);
  });
});
