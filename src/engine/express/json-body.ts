import type { Request, Response } from 'express';
// The reader is engine-neutral (Node's own request and response); it lives with the engine that
// needed it first.
import { jsonBodyReader } from '../json-body-reader';

/**
 * Parses a JSON body, only on routes that read one; any other content type is a 415. Reads the
 * common request (`application/json`, utf-8, not compressed) directly and leaves every other to
 * body-parser, so both engines answer alike and the usual POST skips body-parser's machinery.
 */
export function jsonBodyParser(limit: string) {
  const read = jsonBodyReader(limit);
  return (req: Request, res: Response, done: (err?: unknown) => void): void => {
    read(req, res, (err, body) => {
      if (err) {
        done(err);
        return;
      }
      req.body = body;
      done();
    });
  };
}
