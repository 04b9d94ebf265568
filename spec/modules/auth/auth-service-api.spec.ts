import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { Auth, AuthService, CurrentToken, type TokenClaims } from '../../../modules/auth';
import { Controller, Get } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { ADA, authApp, bearer, MeController, type StubbedUsers, stubUsers } from './auth-fixtures';

@Controller('/token')
class TokenController {
  @Get()
  @Auth()
  token(@CurrentToken() token: string) {
    return { token };
  }
}

describe('auth: AuthService as an API, and CurrentToken()', () => {
  forEachEngine((engine) => {
    let users: StubbedUsers;
    let served: Served;
    let auth: AuthService;

    beforeEach(async () => {
      users = await stubUsers();
      served = await serve(
        authApp(engine, users, { scheme: ['Bearer', 'Token'] }, [MeController, TokenController]),
      );
      auth = served.app.container.get(AuthService);
    });
    afterEach(() => served.close());

    const me = (token: string) => request(served.url).get('/me').set('authorization', bearer(token));

    it('issueTokens(user) starts a session: its access token opens guarded routes, its refresh token refreshes', async () => {
      const pair = await auth.issueTokens(ADA);
      expect((await me(pair.accessToken).expect(200)).body).to.deep.equal(ADA);
      const next = await auth.refresh(pair.refreshToken);
      await me(next.accessToken).expect(200);
    });

    it('generateTokens(user), the deprecated alias, gives a working pair as issueTokens does', async () => {
      const claimsOf = (token: string) => {
        const { sub, username, type } = jwt.decode(token) as TokenClaims;
        return { sub, username, type };
      };
      const [issued, generated] = [await auth.issueTokens(ADA), await auth.generateTokens(ADA)];
      expect(claimsOf(generated.accessToken)).to.deep.equal(claimsOf(issued.accessToken));
      await me(generated.accessToken).expect(200);
      await auth.refresh(generated.refreshToken);
    });

    it('authenticate(token) gives the caller; with fresh, as the user provider has it now', async () => {
      const { accessToken } = await auth.issueTokens(ADA);
      users.records.set(ADA.id, { ...users.records.get(ADA.id)!, email: 'ada@new.example' });
      expect({ ...(await auth.authenticate(accessToken)) }).to.deep.equal(ADA);
      expect({ ...(await auth.authenticate(accessToken, { fresh: true })) }).to.deep.equal({
        ...ADA,
        email: 'ada@new.example',
      });
      const refused = await auth.authenticate('not.a.jwt').then(
        () => undefined,
        (err: { statusCode?: number }) => err,
      );
      expect(refused?.statusCode).to.equal(401);
    });

    it('CurrentToken() gives the raw access token the caller sent, whatever the scheme word', async () => {
      const { accessToken } = await auth.issueTokens(ADA);
      for (const authorization of [`Bearer ${accessToken}`, `token ${accessToken}`]) {
        const res = await request(served.url).get('/token').set('authorization', authorization).expect(200);
        expect(res.body, authorization).to.deep.equal({ token: accessToken });
      }
    });
  });

  it('generateTokens is marked @deprecated in the published declarations, pointing to issueTokens', () => {
    const declarations = readFileSync(join(__dirname, '../../../modules/auth/auth-service.d.ts'), 'utf8');
    expect(declarations).to.match(/@deprecated Use `issueTokens\(user\)`[^/]*\*\/\s*generateTokens\(/);
  });
});
