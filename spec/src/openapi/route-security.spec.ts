import { expect } from 'chai';
import type { GuardMetadata } from '../../../src/metadata/types';
import { routeSecurity } from '../../../src/openapi/route-security';

const auth: GuardMetadata = { kind: 'auth', module: 'auth', label: 'Auth()' };
const role = (name: string): GuardMetadata => ({
  kind: 'minimumRole',
  module: 'rbac',
  label: `MinimumRole('${name}')`,
  options: name,
});
const perms = (...names: string[]): GuardMetadata => ({
  kind: 'permissions',
  module: 'rbac',
  label: 'Permissions()',
  options: names,
});

describe('routeSecurity()', () => {
  it('when a route has no guard, it needs no token and adds no response', () => {
    expect(routeSecurity([])).to.deep.equal({ bearer: false, responses: [], notes: [] });
  });

  it('when a route has Auth(), it needs a bearer token and may answer 401', () => {
    expect(routeSecurity([auth])).to.deep.equal({ bearer: true, responses: [401], notes: [] });
  });

  it('when a route has MinimumRole(), it needs a token, may answer 401 and 403, and names the role', () => {
    expect(routeSecurity([role('admin')])).to.deep.equal({
      bearer: true,
      responses: [401, 403],
      notes: ["Requires the role 'admin' or higher."],
    });
  });

  it('when Permissions() appear on the class and the method, it names each permission once', () => {
    const security = routeSecurity([auth, perms('a:read'), perms('a:read', 'a:write')]);
    expect(security.responses).to.deep.equal([401, 403]);
    expect(security.notes).to.deep.equal(["Requires the permissions 'a:read', 'a:write'."]);
  });

  it("when a guard comes from another module, it names the guard and adds nothing it can't know", () => {
    const custom: GuardMetadata = { kind: 'apiKey', module: 'keys', label: 'ApiKey()' };
    expect(routeSecurity([custom])).to.deep.equal({
      bearer: false,
      responses: [],
      notes: ['Guarded by ApiKey().'],
    });
  });
});
