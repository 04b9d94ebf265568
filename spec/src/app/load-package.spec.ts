import { expect } from 'chai';
import { loadPackage } from '../../../src/app/load-package';

describe('loadPackage', () => {
  it('loads an installed package', () => {
    expect(loadPackage<typeof import('pino')>('pino', 'logging').pino).to.be.a('function');
  });

  it('names the package to install and what needs it when it is missing', () => {
    expect(() => loadPackage('@trellis-spec/not-installed', 'The tracing option')).to.throw(
      "The tracing option needs the package '@trellis-spec/not-installed': npm install @trellis-spec/not-installed",
    );
  });
});
