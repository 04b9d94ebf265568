import { expect } from 'chai';
import type { GuardDocs, GuardMetadata } from '../../../src/kernel/metadata/types';
import { routeSecurity } from '../../../src/openapi/route-security';

// Guards as a module's decorators would record them: the core reads their docs, never their kind.
const SESSION_DOCS: GuardDocs = { security: 'bearer' };
const SCOPE_DOCS: GuardDocs = {
  security: 'bearer',
  responses: [403],
  notes: (lists) => [`Requires the scopes ${[...new Set((lists as string[][]).flat())].join(', ')}.`],
};
const TIER_DOCS: GuardDocs = {
  security: 'bearer',
  responses: [402, 403],
  notes: (tiers) => tiers.map((tier) => `Requires the ${String(tier)} tier.`),
};
const session: GuardMetadata = {
  kind: 'session',
  module: 'sessions',
  label: 'Session()',
  docs: SESSION_DOCS,
};
const scopes = (...names: string[]): GuardMetadata => ({
  kind: 'scope',
  module: 'sessions',
  label: 'Scopes()',
  options: names,
  docs: SCOPE_DOCS,
});
const tier = (name: string): GuardMetadata => ({
  kind: 'tier',
  module: 'billing',
  label: `Tier('${name}')`,
  options: name,
  docs: TIER_DOCS,
});

describe('routeSecurity()', () => {
  it('when a route has no guard, it needs no token and adds no response', () => {
    expect(routeSecurity([])).to.deep.equal({ bearer: false, responses: [], notes: [] });
  });

  it('when a guard documents bearer security, the route needs a bearer token and may answer 401', () => {
    expect(routeSecurity([session])).to.deep.equal({ bearer: true, responses: [401], notes: [] });
  });

  it('when a guard documents refusals and notes, it adds them, statuses in order and once each', () => {
    expect(routeSecurity([tier('gold'), session, scopes('a')])).to.deep.equal({
      bearer: true,
      responses: [401, 402, 403],
      notes: ['Requires the gold tier.', 'Requires the scopes a.'],
    });
  });

  it('when one kind appears on the class and the method, its notes get every option, where the kind first appears', () => {
    const security = routeSecurity([scopes('a:read'), tier('gold'), scopes('a:read', 'a:write')]);
    expect(security.notes).to.deep.equal(['Requires the scopes a:read, a:write.', 'Requires the gold tier.']);
  });

  it("when a guard records no docs, it names the guard and adds nothing it can't know", () => {
    const custom: GuardMetadata = { kind: 'apiKey', module: 'keys', label: 'ApiKey()' };
    expect(routeSecurity([custom])).to.deep.equal({
      bearer: false,
      responses: [],
      notes: ['Guarded by ApiKey().'],
    });
  });
});
