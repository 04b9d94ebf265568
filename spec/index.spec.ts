import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from 'chai';

// The compiled spec lives in dist/spec/, so the package root is two levels up: this loads the
// package exactly as `require('trellis')` would, through package.json `main`.
const PACKAGE_ROOT = resolve(__dirname, '..', '..');

const PUBLIC_NAMES = [
  'createApp',
  'Application',
  'defineModule',
  'Controller',
  'Get',
  'Post',
  'Put',
  'Delete',
  'Patch',
  'All',
  'Body',
  'Query',
  'Param',
  'Header',
  'Cookie',
  'Depends',
  'CurrentUser',
  'Req',
  'Res',
  'Arg',
  'Auth',
  'MinimumRole',
  'Permissions',
  'Summary',
  'Description',
  'WebSocket',
  'OnConnect',
  'OnMessage',
  'OnDisconnect',
  'Resolver',
  'Mutation',
  'Injectable',
  'Inject',
  'Container',
  'RequestScope',
  'HTTPException',
  'BadRequestException',
  'UnauthorizedException',
  'ForbiddenException',
  'NotFoundException',
  'ConflictException',
  'TooManyRequestsException',
];

describe('the package entry', () => {
  const pkg = require(PACKAGE_ROOT);

  it('exposes the public API through package.json main', () => {
    for (const name of PUBLIC_NAMES) expect(pkg[name], name).to.be.a('function');
  });

  it('loads reflect-metadata itself, in a fresh process', () => {
    const script = `require(${JSON.stringify(PACKAGE_ROOT)}); process.stdout.write(typeof Reflect.getMetadata);`;
    expect(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })).to.equal('function');
  });

  it('builds a working application from the entry alone', async () => {
    const app = pkg.createApp({ controllers: [] });
    const listener = await app.ready();
    expect(listener).to.be.a('function');
    await app.close();
  });
});
