import { expect } from 'chai';
import { EntryList } from '../../../src/mcp/entry-list';
import type { McpEntry } from '../../../src/mcp/mcp-handlers';

function entry(
  name: string,
  visibleTo: (user: unknown) => boolean | Promise<boolean> = () => true,
): McpEntry {
  const everyone = visibleTo.length === 0;
  return {
    handler: `Spec.${name}`,
    notifies: false,
    definition: { name },
    visibility: { everyone, needsCaller: () => false, visibleTo },
  };
}

describe('mcp: a list of entries', () => {
  it('serializes the definitions once: every caller of an unguarded list gets the same text', () => {
    const list = new EntryList();
    for (const name of ['a', 'b', 'c']) list.add(entry(name));
    const first = list.visibleTo(undefined);
    expect(JSON.parse((first as { text: string }).text)).to.deep.equal([
      { name: 'a' },
      { name: 'b' },
      { name: 'c' },
    ]);
    expect(list.visibleTo({ id: 1 })).to.equal(first);
  });

  it('shows each caller the entries its guards let through, one serialization per selection', async () => {
    const list = new EntryList();
    list.add(entry('open'));
    list.add(entry('admins', (user) => (user as { role?: string } | undefined)?.role === 'admin'));
    list.add(entry('later', async (user) => user !== undefined));
    const admin = await list.visibleTo({ role: 'admin' });
    expect(JSON.parse(admin.text).map((item: { name: string }) => item.name)).to.deep.equal([
      'open',
      'admins',
      'later',
    ]);
    expect(JSON.parse((await list.visibleTo(undefined)).text)).to.deep.equal([{ name: 'open' }]);
    expect(await list.visibleTo({ role: 'admin' })).to.equal(admin);
    expect(JSON.parse((await list.visibleTo({ role: 'member' })).text)).to.deep.equal([
      { name: 'open' },
      { name: 'later' },
    ]);
  });
});
