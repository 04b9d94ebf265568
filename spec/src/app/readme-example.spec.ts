import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import {
  Body,
  Controller,
  createApp,
  Depends,
  Get,
  Injectable,
  NotFoundException,
  Param,
  Post,
} from '../../../index';
import { forEachEngine } from '../../support/engines';

// ---- README example -----------------------------------------------------------------------
// import { randomUUID } from 'node:crypto';
// import { z } from 'zod';
// import { Body, Controller, createApp, Depends, Get, Injectable, NotFoundException, Param, Post } from 'trellis';

const NewTodo = z.object({ title: z.string().min(1), done: z.boolean().default(false) });
type Todo = z.infer<typeof NewTodo> & { id: number };

@Injectable('request') // one per HTTP request, shared by every Depends in it
class RequestInfo {
  readonly id = randomUUID();
}

@Controller('/todos')
class TodoController {
  private readonly todos: Todo[] = [];

  @Post() // 201 with the returned JSON; an invalid body is a 422 and never reaches here
  create(@Body(NewTodo) body: z.infer<typeof NewTodo>) {
    const todo = { id: this.todos.length + 1, ...body };
    this.todos.push(todo);
    return todo;
  }

  @Get('/:id') // path values arrive as strings; the schema coerces
  one(@Param('id', z.coerce.number().int()) id: number, @Depends(RequestInfo) info: RequestInfo) {
    const todo = this.todos.find((t) => t.id === id);
    if (!todo) throw new NotFoundException(`Todo ${id} not found`);
    return { ...todo, requestId: info.id };
  }
}

// In the README: await createApp({ controllers: [TodoController] }).listen(3000);
// ---- end of the README example ------------------------------------------------------------

describe('the README example', () => {
  forEachEngine((engine) => {
    let url: string;
    let app: ReturnType<typeof createApp>;
    before(async () => {
      // The README passes no engine: Express is the default.
      app = createApp({ engine, controllers: [TodoController] });
      const server = await app.listen(0);
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => app.close());

    it('creates a todo with 201 and the validated body', async () => {
      await request(url)
        .post('/todos')
        .send({ title: 'Write docs' })
        .expect(201, { id: 1, title: 'Write docs', done: false });
    });

    it('refuses an invalid body with 422 and details', async () => {
      const res = await request(url).post('/todos').send({ title: '' }).expect(422);
      expect(res.body.details.map((d: { path: string }) => d.path)).to.deep.equal(['body.title']);
    });

    it('reads a todo by a coerced numeric id, with a new request id on every request', async () => {
      const first = await request(url).get('/todos/1').expect(200);
      const second = await request(url).get('/todos/1').expect(200);
      expect(first.body).to.include({ id: 1, title: 'Write docs', done: false });
      expect(first.body.requestId).to.match(/^[0-9a-f-]{36}$/);
      expect(second.body.requestId).to.not.equal(first.body.requestId);
    });

    it('answers 422 for a non-numeric id and 404 for a missing one', async () => {
      await request(url).get('/todos/abc').expect(422);
      await request(url)
        .get('/todos/99')
        .expect(404, { statusCode: 404, error: 'Not Found', message: 'Todo 99 not found' });
    });
  });
});
