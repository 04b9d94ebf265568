import { expect } from 'chai';
import { Controller, Get, MinimumRole } from '../../../index';
import { AUTH_MESSAGES, AUTH_MESSAGES_EN } from '../../../modules/auth';
import { RBAC_MESSAGES, RBAC_MESSAGES_EN } from '../../../modules/rbac';
import type { AppOptions } from '../../../src/options/app-options';
import { asUser, closeTestApps, createTestApp } from '../../../testing';
import { expectThrowsCode } from '../../support/expect-code';

const SECRET = 'spec-secret-0123456789-abcdefghijklmnop';

@Controller('/admin')
@MinimumRole('admin')
class AdminController {
  @Get()
  get() {
    return { ok: true };
  }
}

function app(options: AppOptions = {}, messages?: Record<string, string>) {
  return createTestApp({ controllers: [AdminController], ...options })
    .install('auth', {
      jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
      userProvider: { findByCredentials: () => null, findById: () => null },
      bcryptRounds: 4,
      routes: true,
      ...(messages ? { messages } : {}),
    })
    .install('rbac', {
      roles: [
        { name: 'member', level: 1, description: 'Works' },
        { name: 'admin', level: 10, description: 'Runs' },
      ],
      permissions: [],
    });
}

// The texts a client gets: no token, a wrong password, a role too low.
async function answers(target: ReturnType<typeof app>) {
  const missing = await target.inject({ method: 'GET', url: '/admin' });
  const login = await target.inject({
    method: 'POST',
    url: '/auth/login',
    body: { username: 'x', password: 'y' },
  });
  const low = await target.inject({
    method: 'GET',
    url: '/admin',
    headers: await asUser(target, { id: 1, username: 'bob', role: 'member' }),
  });
  return [missing.json().message, login.json().message, low.json().message];
}

describe("createApp({ messages }): the modules' texts in one language", () => {
  afterEach(closeTestApps);

  it("answers in English with messages: 'en'", async () => {
    expect(await answers(app({ messages: 'en' }))).to.deep.equal([
      'No token provided',
      'Invalid credentials',
      'Role too low',
    ]);
  });

  it('keeps the Spanish texts by default and with messages: es', async () => {
    const spanish = [AUTH_MESSAGES.missingToken, AUTH_MESSAGES.invalidCredentials, RBAC_MESSAGES.roleTooLow];
    expect(spanish).to.deep.equal(['Token no proporcionado', 'Credenciales inválidas', 'Rol insuficiente']);
    expect(await answers(app())).to.deep.equal(spanish);
    expect(await answers(app({ messages: 'es' }))).to.deep.equal(spanish);
  });

  it("lets a module's own messages option replace one text of the chosen language", async () => {
    const [missing, login] = await answers(app({ messages: 'en' }, { missingToken: 'Log in first' }));
    expect([missing, login]).to.deep.equal(['Log in first', 'Invalid credentials']);
  });

  it('has every text in English, none left in Spanish', () => {
    for (const [english, spanish] of [
      [AUTH_MESSAGES_EN, AUTH_MESSAGES],
      [RBAC_MESSAGES_EN, RBAC_MESSAGES],
    ] as [Record<string, string>, Record<string, string>][]) {
      expect(Object.keys(english)).to.deep.equal(Object.keys(spanish));
      for (const text of Object.values(english)) expect(text).not.to.match(/[áéíóúñ¿¡]|ción\b|Token no/);
    }
  });

  it('refuses a language it has no texts in, naming the option', () => {
    const err = expectThrowsCode(
      () => createTestApp({ messages: 'fr' as AppOptions['messages'] }),
      'TRELLIS_ERR_INVALID_OPTION',
    );
    expect(err.message).to.match(/^options\.messages:/);
  });
});
