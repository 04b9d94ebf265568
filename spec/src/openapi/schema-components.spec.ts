import { expect } from 'chai';
import { z } from 'zod';
import { SchemaComponents } from '../../../src/openapi/schema-components';
import { expectThrowsCode } from '../../support/expect-code';

const Point = z.object({ x: z.number(), y: z.number() }).meta({ id: 'SpecPoint' });
const Shape = z.object({ name: z.string(), origin: Point, points: z.array(Point) }).meta({ id: 'SpecShape' });

interface TreeNode {
  label: string;
  children: TreeNode[];
}
const Tree: z.ZodType<TreeNode> = z.object({
  label: z.string(),
  get children() {
    return z.array(Tree);
  },
});

describe('SchemaComponents', () => {
  let components: SchemaComponents;
  beforeEach(() => {
    components = new SchemaComponents();
  });

  describe('when a schema has a meta id', () => {
    it('stores it as a component and references it with $ref wherever it is used', () => {
      const converted = components.convert(z.object({ from: Point, to: Point.optional() }), 'Line');
      expect(converted).to.deep.equal({
        type: 'object',
        properties: {
          from: { $ref: '#/components/schemas/SpecPoint' },
          to: { $ref: '#/components/schemas/SpecPoint' },
        },
        required: ['from'],
      });
      expect(components.schemas.SpecPoint).to.deep.equal({
        type: 'object',
        properties: { x: { type: 'number' }, y: { type: 'number' } },
        required: ['x', 'y'],
      });
    });

    it('references the root itself, and the shared schemas nested in it', () => {
      expect(components.convert(Shape, 'Shape')).to.deep.equal({ $ref: '#/components/schemas/SpecShape' });
      expect(components.schemas.SpecShape.properties).to.deep.include({
        origin: { $ref: '#/components/schemas/SpecPoint' },
      });
      expect(Object.keys(components.schemas).sort()).to.deep.equal(['SpecPoint', 'SpecShape']);
    });

    it('stores a schema used by several conversions once', () => {
      components.convert(Shape, 'A');
      components.convert(z.object({ shape: Shape }), 'B');
      expect(Object.keys(components.schemas).sort()).to.deep.equal(['SpecPoint', 'SpecShape']);
    });

    it('keeps a description given where the shared schema is used, beside the $ref', () => {
      const converted = components.convert(z.object({ at: Point.describe('Where it starts') }), 'Start');
      expect((converted.properties as Record<string, unknown>).at).to.deep.equal({
        description: 'Where it starts',
        $ref: '#/components/schemas/SpecPoint',
      });
    });

    it('turns characters OpenAPI forbids in component names into underscores', () => {
      const odd = z.object({ a: z.string() }).meta({ id: 'Spec Odd/Name' });
      expect(components.convert(z.object({ odd }), 'Odd').properties).to.deep.equal({
        odd: { $ref: '#/components/schemas/Spec_Odd_Name' },
      });
      expect(components.schemas).to.have.property('Spec_Odd_Name');
    });
  });

  describe('when two different schemas share an id', () => {
    it('throws, naming the id', () => {
      components.convert(z.object({ a: z.string() }).meta({ id: 'SpecTwin' }), 'One');
      const twin = z.object({ b: z.number() }).meta({ id: 'SpecTwin' });
      const error = expectThrowsCode(
        () => components.convert(twin, 'Two'),
        'TRELLIS_ERR_OPENAPI_SCHEMA_NAME_TAKEN',
      );
      expect(error.message).to.include("'SpecTwin'");
    });
  });

  describe('when a schema is recursive and has no id', () => {
    it('makes the root a component named after the hint, referencing itself', () => {
      expect(components.convert(Tree, 'TreeBody')).to.deep.equal({ $ref: '#/components/schemas/TreeBody' });
      const children = (components.schemas.TreeBody.properties as Record<string, Record<string, unknown>>)
        .children;
      expect(children.items).to.deep.equal({ $ref: '#/components/schemas/TreeBody' });
    });

    it('makes a nested recursive part a component too, never a local $defs reference', () => {
      const converted = components.convert(z.object({ tree: Tree, more: z.array(Tree) }), 'Forest');
      const json = JSON.stringify({ converted, components: components.schemas });
      expect(json).not.to.include('$defs');
      expect(converted.properties).to.deep.equal({
        tree: { $ref: '#/components/schemas/ForestSchema' },
        more: { type: 'array', items: { $ref: '#/components/schemas/ForestSchema' } },
      });
    });
  });

  describe('how values are documented', () => {
    it('documents what clients send: a field with a default is optional', () => {
      const converted = components.convert(
        z.object({ page: z.coerce.number().default(1), q: z.string() }),
        'Q',
      );
      expect(converted.required).to.deep.equal(['q']);
    });

    it('documents dates as date-time strings', () => {
      const converted = components.convert(z.object({ at: z.date(), from: z.coerce.date() }), 'When');
      expect(converted.properties).to.deep.equal({
        at: { type: 'string', format: 'date-time' },
        from: { type: 'string', format: 'date-time' },
      });
    });

    it('documents a schema with no JSON form as anything, instead of failing', () => {
      expect(components.convert(z.object({ n: z.bigint() }), 'Big').properties).to.deep.equal({ n: {} });
    });

    it('leaves data alone: a default value with a $ref key is not a reference', () => {
      const data = { $ref: '#/$defs/SpecPoint' };
      const converted = components.convert(
        z.object({ raw: z.record(z.string(), z.string()).default(data), default: Point }),
        'Data',
      );
      const properties = converted.properties as Record<string, Record<string, unknown>>;
      expect(properties.raw.default).to.deep.equal(data);
      // A property named like a keyword is still a schema.
      expect(properties.default).to.deep.equal({ $ref: '#/components/schemas/SpecPoint' });
    });
  });

  describe('resolve()', () => {
    it('follows a $ref to its component, and returns other schemas as they are', () => {
      const ref = components.convert(Point, 'P');
      expect(components.resolve(ref)).to.equal(components.schemas.SpecPoint);
      const inline = { type: 'string' };
      expect(components.resolve(inline)).to.equal(inline);
    });
  });

  describe('define()', () => {
    it('stores a schema without an id under the given name and returns a $ref to it', () => {
      expect(components.define('Thing', z.object({ a: z.string() }))).to.deep.equal({
        $ref: '#/components/schemas/Thing',
      });
      expect(components.schemas.Thing).to.deep.equal({
        type: 'object',
        properties: { a: { type: 'string' } },
        required: ['a'],
      });
    });
  });
});
