import { expect } from 'chai';
import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql';
import { z } from 'zod';
import { Arg, createApp, Description, Mutation, Query, Resolver } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from './graphql-client';

const Level = z
  .enum(['low', 'high'])
  .meta({ id: 'Level', description: 'How urgent', 'x-enum-descriptions': { high: 'Wake someone up' } });
const Alarm = z
  .object({
    id: z.number().int().describe('The alarm id'),
    level: Level.describe('How urgent this alarm is'),
    note: z.string().nullable(),
  })
  .meta({ id: 'Alarm', description: 'Something to look at' });
const NewAlarm = z
  .object({ level: Level.default('low'), note: z.string().optional() })
  .meta({ id: 'NewAlarmInput' });

@Resolver()
class AlarmResolver {
  @Query(z.array(Alarm))
  @Description('Alarms, newest first')
  alarms(
    @Arg('page', z.number().int().positive().default(1).describe('The page, from 1')) page: number,
    @Arg('limit', z.number().int().max(50).default(20)) limit: number,
    @Arg('level', Level.optional()) level?: 'low' | 'high',
  ) {
    return [{ id: page * 100 + limit, level: level ?? 'low', note: null }];
  }

  @Mutation(Alarm)
  raise(@Arg('input', NewAlarm) input: z.infer<typeof NewAlarm>) {
    return { id: 1, level: input.level, note: input.note ?? null };
  }
}

describe('GraphQL schema documentation', () => {
  forEachEngine((engine) => {
    let served: Served;
    let sdl: string;
    before(async () => {
      served = await serve(createApp({ engine, resolvers: [AlarmResolver] }));
      const { body } = await postGraphql(served.url, getIntrospectionQuery());
      sdl = printSchema(buildClientSchema(body.data as never));
    });
    after(() => served.close());

    it('lists arguments in declaration order, with their defaults', () => {
      expect(sdl).to.match(
        /alarms\(\s*"""The page, from 1"""\s*page: Int = 1\s*limit: Int = 20\s*"""How urgent"""\s*level: Level\s*\)/,
      );
    });

    it('shows the defaults of input fields', () => {
      expect(sdl).to.include('level: Level = low');
    });

    it('describes fields and types from zod, and root fields from Description', () => {
      expect(sdl).to.include('"""Something to look at"""\ntype Alarm');
      expect(sdl).to.include('"""The alarm id"""\n  id: Int!');
      expect(sdl).to.include('"""How urgent this alarm is"""\n  level: Level!');
      expect(sdl).to.include('"""How urgent"""\nenum Level');
      expect(sdl).to.include('"""Alarms, newest first"""\n  alarms(');
      expect(sdl.match(/^enum Level/gm)).to.have.length(1);
    });

    it('describes every enum value: from meta values, else by the value itself', () => {
      expect(sdl).to.include('"""Wake someone up"""\n  high');
      expect(sdl).to.include('"""The value low"""\n  low');
    });

    it('applies the defaults to arguments left out', async () => {
      const { body } = await postGraphql(served.url, '{ alarms { id level } }');
      expect(body.data).to.deep.equal({ alarms: [{ id: 120, level: 'low' }] });
    });
  });
});
