import { expect } from 'chai';
import { type Application, createApp, defineModule, Injectable } from '../../../src';
import type { ClassRole } from '../../../src/kernel/metadata/class-role';
import { metadataRegistry } from '../../../src/kernel/metadata/registry';
import { forEachEngine } from '../../support/engines';
import { expectCode } from '../../support/expect-code';

// A feature of the application's own: scheduled jobs, given in `jobs` and decorated with `Job()`.
const JOB_ROLE: ClassRole = { name: 'job', decorator: 'Job', option: 'jobs' };

function Job(): ClassDecorator {
  return (target) => {
    metadataRegistry.forClass(target).role = JOB_ROLE.name;
    Injectable()(target);
  };
}

const jobs = defineModule<undefined>({ name: 'spec-jobs', roles: [JOB_ROLE], install() {} });

@Job()
class NightlyReport {}

@Job()
class WeeklyDigest {}

@Injectable()
class PlainService {}

class Undecorated {}

function appWith(engine: string, given: Record<string, unknown>): Application {
  return createApp({ engine: engine as 'express', openapi: false, ...given }).install(jobs, undefined);
}

describe('class roles registered by a feature', () => {
  forEachEngine((engine) => {
    it('keeps the classes given in the role option, and those registered later by their decorator', async () => {
      const app = appWith(engine, { jobs: [NightlyReport] });
      app.register(WeeklyDigest, PlainService);
      expect(app.classesOf('job')).to.deep.equal([NightlyReport, WeeklyDigest]);
      await app.ready();
      expect(app.container.get(WeeklyDigest)).to.be.instanceOf(WeeklyDigest);
      expect(app.classesOf('job')).not.to.include(PlainService);
      await app.close();
    });

    it('refuses at ready() a class given in the role without its decorator, naming both', async () => {
      const app = appWith(engine, { jobs: [NightlyReport, Undecorated] });
      const failure = await app.ready().then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(expectCode(failure, 'TRELLIS_ERR_NOT_DECORATED').message).to.equal(
        'Undecorated is not decorated with @Job() but was given as a job',
      );
      await app.close();
    });

    it('has no classes for a role no feature registered: a decorated class is then a plain injectable', async () => {
      const app = createApp({ engine, openapi: false });
      app.register(NightlyReport);
      expect(app.classesOf('job')).to.deep.equal([]);
      await app.ready();
      expect(app.container.get(NightlyReport)).to.be.instanceOf(NightlyReport);
      await app.close();
    });

    it('registers the built-in roles from their features: gateways and resolvers are refused undecorated', async () => {
      for (const [option, decorator, role] of [
        ['gateways', 'WebSocket', 'gateway'],
        ['resolvers', 'Resolver', 'resolver'],
      ]) {
        const app = createApp({ engine, openapi: false, [option]: [Undecorated] });
        const failure = await app.ready().then(
          () => undefined,
          (err: unknown) => err,
        );
        expect(expectCode(failure, 'TRELLIS_ERR_NOT_DECORATED').message).to.equal(
          `Undecorated is not decorated with @${decorator}() but was given as a ${role}`,
        );
        await app.close();
      }
    });
  });
});
