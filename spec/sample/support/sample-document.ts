import request from 'supertest';
import type { OpenApiDocument } from '../../../src';
import { startSample } from './sample-server';

/** The OpenAPI document the running sample serves at `/openapi.json`. */
export async function sampleDocument(): Promise<OpenApiDocument> {
  const sample = await startSample('express');
  try {
    return (await request(sample.url).get('/openapi.json').expect(200)).body as OpenApiDocument;
  } finally {
    await sample.close();
  }
}
