import { expect } from 'chai';
import { metadataKey } from '../../../../src/kernel/metadata/metadata-key';
import {
  derivedMetadata,
  emptyClassMetadata,
  emptyMethodMetadata,
  isEntryPoint,
  metadataRegistry,
} from '../../../../src/kernel/metadata/registry';

const ROUTE = metadataKey<{ path: string }>('route', { entryPoint: true });
const NOTE = metadataKey<string>('note');

describe('metadata slots: what each feature records under its own key', () => {
  describe('having a method with a value under one key', () => {
    const method = emptyMethodMetadata('list');
    method.set(ROUTE, { path: '/items' });

    it('gives the value back under that key and nothing under another', () => {
      expect(method.get(ROUTE)).to.deep.equal({ path: '/items' });
      expect(method.get(NOTE)).to.equal(undefined);
      expect(method.keys()).to.deep.equal([ROUTE]);
    });

    it('tells two keys of one name apart: a slot belongs to the key, not to its name', () => {
      const other = metadataKey<{ path: string }>('route');
      expect(method.get(other)).to.equal(undefined);
    });

    it('is an entry point when a key that says so holds a value, and only then', () => {
      const helper = emptyMethodMetadata('helper');
      helper.set(NOTE, 'not served');
      expect(isEntryPoint(method)).to.equal(true);
      expect(isEntryPoint(helper)).to.equal(false);
    });
  });

  describe('when metadata is derived', () => {
    it('reads through to the original and writes only to the copy', () => {
      const original = emptyMethodMetadata('get');
      original.set(NOTE, 'recorded');
      const copy = derivedMetadata(original, { summary: 'Get one' });
      copy.set(ROUTE, { path: '/:id' });
      copy.set(NOTE, 'filled in');
      expect(copy.get(NOTE)).to.equal('filled in');
      expect(copy.get(ROUTE)).to.deep.equal({ path: '/:id' });
      expect(copy.summary).to.equal('Get one');
      expect(original.get(NOTE)).to.equal('recorded');
      expect(original.get(ROUTE)).to.equal(undefined);
      expect(original.summary).to.equal(undefined);
    });

    it('sees what is set on the original later, unless the copy set its own', () => {
      const original = emptyClassMetadata(class Later {});
      const copy = derivedMetadata(original);
      original.set(NOTE, 'late');
      expect(copy.get(NOTE)).to.equal('late');
      expect(copy.keys()).to.deep.equal([NOTE]);
    });
  });

  describe('the registry', () => {
    it('keeps one metadata per class and per method, slots included', () => {
      class Recorded {
        run() {}
      }
      metadataRegistry.forMethod(Recorded, 'run').set(NOTE, 'once');
      expect(metadataRegistry.forMethod(Recorded, 'run').get(NOTE)).to.equal('once');
      expect(metadataRegistry.find(Recorded)?.methods.get('run')?.get(NOTE)).to.equal('once');
    });
  });
});
