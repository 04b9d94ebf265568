import { expect } from 'chai';
import { BadRequestException, ConflictException, HTTPException, toHttpException } from '../../../src';

describe('toHttpException()', () => {
  it('passes an HTTPException through untouched', () => {
    const err = new ConflictException('taken');
    expect(toHttpException(err)).to.equal(err);
  });

  it("maps the body parsers' failures of both engines to the same 4xx", () => {
    const cases: [object, number, string][] = [
      [{ type: 'entity.parse.failed', status: 400 }, 400, 'Malformed JSON body'],
      [{ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }, 400, 'Malformed JSON body'],
      [{ code: 'FST_ERR_CTP_EMPTY_JSON_BODY', statusCode: 400 }, 400, 'Malformed JSON body'],
      [{ type: 'entity.too.large', status: 413 }, 413, 'Request body is too large'],
      [{ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }, 413, 'Request body is too large'],
      [
        { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 },
        415,
        'Request body must be application/json',
      ],
      [{ type: 'encoding.unsupported', status: 415 }, 415, 'Unsupported body encoding'],
    ];
    for (const [engineError, status, message] of cases) {
      const mapped = toHttpException(Object.assign(new Error('raw parser text'), engineError));
      expect(mapped.statusCode, message).to.equal(status);
      expect(mapped.message, message).to.equal(message);
    }
    expect(toHttpException({ type: 'entity.parse.failed' })).to.be.instanceOf(BadRequestException);
  });

  it('keeps the 4xx status of other client errors', () => {
    const mapped = toHttpException(Object.assign(new Error('request aborted'), { status: 400 }));
    expect(mapped.statusCode).to.equal(400);
    expect(mapped.message).to.equal('request aborted');
  });

  it('turns anything else into a 500 that hides the message and keeps the cause', () => {
    for (const thrown of [
      new Error('SELECT * FROM secrets failed'),
      Object.assign(new Error('upstream 502'), { status: 502 }),
      'a string',
      null,
      undefined,
    ]) {
      const mapped = toHttpException(thrown);
      expect(mapped).to.be.instanceOf(HTTPException);
      expect(mapped.statusCode).to.equal(500);
      expect(mapped.toJSON()).to.deep.equal({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
        code: 'INTERNAL_SERVER_ERROR',
      });
      expect(mapped.cause).to.equal(thrown);
    }
  });
});
