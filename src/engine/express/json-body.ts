import express, { type Request, type Response } from 'express';
import { UnsupportedMediaTypeException } from '../../errors/exceptions';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Parses a JSON body, only on routes that read one; any other content type is a 415. */
export function jsonBodyParser(limit: string) {
  const parse = express.json({ limit });
  return (req: Request, res: Response, done: (err?: unknown) => void): void => {
    if (hasBody(req) && !JSON_TYPE.test(req.headers['content-type'] ?? '')) {
      done(new UnsupportedMediaTypeException('Request body must be application/json'));
      return;
    }
    parse(req, res, done);
  };
}
