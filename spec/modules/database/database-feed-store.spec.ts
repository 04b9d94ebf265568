import { expect } from 'chai';
import { DatabaseFeedStore, databaseModule } from '../../../modules/database';
import { DatabaseConnection } from '../../../modules/database/database-connection';
import type { Application } from '../../../src/app/application';
import { createApp } from '../../../src/app/create-app';
import { EventFeed, FEED_RESET_EVENT } from '../../../src/event-feed/event-feed';
import { take } from '../../src/event-feed/support/take';
import { forEachDatabase } from '../../support/databases';

describe('DatabaseFeedStore', () => {
  forEachDatabase((database) => {
    const apps: Application[] = [];
    const open = async (url: string) => {
      const app = createApp({}).install(databaseModule, { url });
      apps.push(app);
      await app.ready();
      return app.container.get(DatabaseConnection).root;
    };
    afterEach(async () => {
      await Promise.all(apps.splice(0).map((app) => app.close()));
    });

    it('gives each topic consecutive ids from 1 and reads those after an id, in order', async () => {
      const store = new DatabaseFeedStore(await open(await database.url()), { capacity: 10 });
      const ids: number[] = [];
      for (let n = 1; n <= 35; n++) ids.push(await store.append('t', String(n)));
      expect(ids).to.deep.equal([...Array(35).keys()].map((i) => i + 1));
      expect(await store.append('other', 'x')).to.equal(1);
      const kept = await store.after('t', 0);
      expect(kept.length).to.be.within(10, 13);
      expect(kept[kept.length - 1]).to.deep.equal({ id: 35, payload: '35' });
      expect(await store.after('t', 32)).to.deep.equal([
        { id: 33, payload: '33' },
        { id: 34, payload: '34' },
        { id: 35, payload: '35' },
      ]);
      expect(await store.span('t')).to.deep.equal({ oldest: kept[0].id, newest: 35 });
      expect(await store.span('none')).to.deep.equal({ oldest: 1, newest: 0 });
    });

    it('keeps its events across a restart, so a client resumes with its Last-Event-ID', async () => {
      const url = await database.url();
      const before = new EventFeed({ store: new DatabaseFeedStore(await open(url)) });
      for (let n = 1; n <= 3; n++) await before.publish('tasks', n);
      await Promise.all(apps.splice(0).map((app) => app.close()));
      const after = new EventFeed({ store: new DatabaseFeedStore(await open(url)) });
      await after.publish('tasks', 4);
      const resumed = after.stream('tasks', '2');
      expect((await take(resumed, 2)).map((e) => [e.id, e.data])).to.deep.equal([
        [3, 3],
        [4, 4],
      ]);
      await resumed.return?.();
      const ahead = after.stream('tasks', '99');
      expect((await take(ahead, 1))[0]).to.include({ event: FEED_RESET_EVENT, id: 4 });
      await ahead.return?.();
    });
  });
});
