import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import { z } from 'zod';
import {
  Auth,
  type AuthenticatedUser,
  AuthService,
  Controller,
  CurrentUser,
  Delete,
  Get,
  Injectable,
  MinimumRole,
  Param,
  Permissions,
  Post,
  REFERENCE_ROLES,
  Tool,
} from '../../../index';
import { createApp } from '../../../src/app/create-app';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { ADA, GRACE, SECRET, stubUsers } from '../auth/auth-fixtures';
import { firstText, mcpClient, postMcp, toolCall } from './support/mcp-client';

const AUTHORIZATION_SERVER = 'https://auth.example.com';
const VIEWER: AuthenticatedUser = {
  id: 3,
  username: 'vi',
  email: 'vi@example.com',
  role: 'viewer',
  permissions: [],
};

@Controller('/notes')
class NotesController {
  calls = 0;

  @Get('/public')
  @Tool({ name: 'public_note' })
  publicNote() {
    return { text: 'for anyone' };
  }

  @Get('/mine')
  @Auth()
  @Tool({ name: 'my_notes' })
  mine(@CurrentUser() user: AuthenticatedUser) {
    return { owner: user.username };
  }

  @Get('/greeting')
  @Auth({ optional: true })
  @Tool({ name: 'greeting' })
  greeting(@CurrentUser() user?: AuthenticatedUser) {
    return { hello: user?.username ?? 'stranger' };
  }

  @Post()
  @Permissions('tasks.create')
  @Tool({ name: 'write_note' })
  write() {
    this.calls++;
    return { written: true };
  }

  @Delete('/:id')
  @MinimumRole('admin')
  @Tool({ name: 'purge_note' })
  purge(@Param('id') id: string) {
    this.calls++;
    return { purged: id };
  }
}

@Injectable()
class AccountTools {
  @Auth()
  @Tool({ name: 'whoami', input: z.object({}) })
  whoami(_input: object, @CurrentUser() user: AuthenticatedUser) {
    return { username: user.username, role: user.role };
  }
}

describe('mcp: authorization', () => {
  forEachEngine((engine) => {
    let served: Served;
    let mcpUrl: string;
    let notes: NotesController;
    const tokens: Record<string, string> = {};
    const clients: Client[] = [];
    const connect = async (token?: string) => {
      const client = await mcpClient(mcpUrl, token);
      clients.push(client);
      return client;
    };

    before(async () => {
      const users = await stubUsers([ADA, GRACE, VIEWER]);
      const app = createApp({ engine, controllers: [NotesController] })
        .install('auth', {
          jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
          userProvider: users.provider,
          bcryptRounds: 4,
        })
        .install('rbac', {
          roles: REFERENCE_ROLES,
          permissions: ['tasks.read', 'tasks.create', 'users.read'],
        })
        .install('mcp', { providers: [AccountTools], authorizationServers: [AUTHORIZATION_SERVER] });
      served = await serve(app);
      mcpUrl = `${served.url}/mcp`;
      notes = app.container.get(NotesController);
      const auth = app.container.get(AuthService);
      for (const user of [ADA, GRACE, VIEWER])
        tokens[user.username] = (await auth.issueTokens(user)).accessToken;
    });
    after(async () => {
      for (const client of clients) await client.close();
      await served.close();
    });

    it('lists to each caller only the tools its role and permissions let it call', async () => {
      const names = async (token?: string) =>
        (await (await connect(token)).listTools()).tools.map((tool) => tool.name).sort();
      expect(await names()).to.deep.equal(['greeting', 'public_note']);
      expect(await names(tokens.vi)).to.deep.equal(['greeting', 'my_notes', 'public_note', 'whoami']);
      expect(await names(tokens.ada)).to.deep.equal([
        'greeting',
        'my_notes',
        'public_note',
        'whoami',
        'write_note',
      ]);
      expect(await names(tokens.grace)).to.deep.equal([
        'greeting',
        'my_notes',
        'public_note',
        'purge_note',
        'whoami',
      ]);
    });

    it('answers a call needing a caller without a token HTTP 401, naming the protected-resource metadata', async () => {
      for (const name of ['my_notes', 'whoami', 'write_note']) {
        const res = await postMcp(mcpUrl, toolCall(name), { 'mcp-protocol-version': '2025-11-25' });
        expect(res.status, name).to.equal(401);
        expect(res.headers.get('www-authenticate')).to.equal(
          `Bearer resource_metadata="${served.url}/.well-known/oauth-protected-resource/mcp"`,
        );
        expect(JSON.parse(res.text)).to.include({ statusCode: 401, code: 'UNAUTHENTICATED' });
      }
      expect(notes.calls).to.equal(0);
      // A tool for anyone needs no token.
      const open = await postMcp(mcpUrl, toolCall('public_note'), { 'mcp-protocol-version': '2025-11-25' });
      expect(open.status).to.equal(200);
    });

    it('serves a tool whose authentication is optional to anyone, with the caller when there is one', async () => {
      const anonymous = await (await connect()).callTool({ name: 'greeting' });
      expect(anonymous.structuredContent).to.deep.equal({ hello: 'stranger' });
      const ada = await (await connect(tokens.ada)).callTool({ name: 'greeting' });
      expect(ada.structuredContent).to.deep.equal({ hello: 'ada' });
    });

    it('answers any request with a token that fails HTTP 401 with invalid_token', async () => {
      const res = await postMcp(
        mcpUrl,
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        {
          authorization: 'Bearer not-a-token',
        },
      );
      expect(res.status).to.equal(401);
      expect(res.headers.get('www-authenticate')).to.match(
        /^Bearer resource_metadata="[^"]+", error="invalid_token"$/,
      );
    });

    it('serves the RFC 9728 metadata, naming the authorization servers, at both well-known paths', async () => {
      for (const path of [
        '/.well-known/oauth-protected-resource/mcp',
        '/.well-known/oauth-protected-resource',
      ]) {
        const res = await fetch(`${served.url}${path}`);
        expect(res.status, path).to.equal(200);
        expect(await res.json()).to.deep.equal({
          resource: `${served.url}/mcp`,
          authorization_servers: [AUTHORIZATION_SERVER],
          bearer_methods_supported: ['header'],
          resource_name: 'trellis',
        });
      }
    });

    it('accepts the auth module’s access tokens: the route and the provider see the caller', async () => {
      const client = await connect(tokens.ada);
      expect((await client.callTool({ name: 'my_notes' })).structuredContent).to.deep.equal({ owner: 'ada' });
      expect((await client.callTool({ name: 'whoami' })).structuredContent).to.deep.equal({
        username: 'ada',
        role: 'developer',
      });
      expect((await client.callTool({ name: 'write_note' })).structuredContent).to.deep.equal({
        written: true,
      });
    });

    it('answers a caller its guards refuse a tool error with the 403 code, the handler not called', async () => {
      notes.calls = 0;
      const viewer = await connect(tokens.vi);
      const write = await viewer.callTool({ name: 'write_note' });
      expect(write.isError).to.equal(true);
      expect(firstText(write)).to.include({ statusCode: 403, code: 'PERMISSION_MISSING' });
      const purge = await (await connect(tokens.ada)).callTool({
        name: 'purge_note',
        arguments: { id: '1' },
      });
      expect(firstText(purge)).to.include({ statusCode: 403, code: 'ROLE_TOO_LOW' });
      expect(notes.calls).to.equal(0);
      const admin = await (await connect(tokens.grace)).callTool({
        name: 'purge_note',
        arguments: { id: '1' },
      });
      expect(admin.structuredContent).to.deep.equal({ purged: '1' });
    });
  });
});
