import { expect } from 'chai';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HTTP_STATUS,
  HTTPException,
  InternalServerErrorException,
  NotFoundException,
  PayloadTooLargeException,
  ServiceUnavailableException,
  TooManyRequestsException,
  UnauthorizedException,
  UnsupportedMediaTypeException,
  ValidationException,
} from '../../../src';
import { expectThrowsCoded } from '../../support/expect-code';

describe('HTTPException and the exception catalog', () => {
  it('HTTPException(status, message) becomes { statusCode, error, message, code }', () => {
    const teapot = new HTTPException(418, 'teapot');
    expect(teapot).to.be.instanceOf(Error);
    expect(teapot.statusCode).to.equal(418);
    expect(teapot.toJSON()).to.deep.equal({
      statusCode: 418,
      error: "I'm a Teapot",
      message: 'teapot',
      code: 'I_M_A_TEAPOT',
    });
  });

  it('carries the code it is given in place of the generic one', () => {
    const refused = new ForbiddenException('no', { code: 'ROLE_TOO_LOW' });
    expect(refused.code).to.equal('ROLE_TOO_LOW');
    expect(refused.toJSON()).to.deep.equal({
      statusCode: 403,
      error: 'Forbidden',
      message: 'no',
      code: 'ROLE_TOO_LOW',
    });
  });

  it('gives a status outside the generic list the code of its reason phrase', () => {
    expect(new HTTPException(402).code).to.equal('PAYMENT_REQUIRED');
    expect(new HTTPException(405).code).to.equal('METHOD_NOT_ALLOWED');
    expect(new HTTPException(502).code).to.equal('BAD_GATEWAY');
  });

  it('without a message, uses the reason phrase of the status', () => {
    expect(new HTTPException(404).message).to.equal('Not Found');
    expect(new ConflictException().toJSON()).to.deep.equal({
      statusCode: 409,
      error: 'Conflict',
      message: 'Conflict',
      code: 'CONFLICT',
    });
  });

  it('keeps its class name and its cause, which never reaches the body', () => {
    const cause = new Error('db down');
    const err = new InternalServerErrorException('Internal Server Error', { cause });
    expect(err.name).to.equal('InternalServerErrorException');
    expect(err.cause).to.equal(cause);
    expect(JSON.stringify(err)).to.not.include('db down');
  });

  it('refuses a status that is not an HTTP status', () => {
    expect(() => new HTTPException(99)).to.throw(RangeError);
    const error = expectThrowsCoded(
      () => new HTTPException(600),
      RangeError,
      'TRELLIS_ERR_INVALID_HTTP_STATUS',
    );
    expect(error.message).to.equal('HTTPException status must be an HTTP status (100-599), got 600');
  });

  const catalog: [new (message?: string) => HTTPException, number, string, string][] = [
    [BadRequestException, 400, 'Bad Request', 'BAD_USER_INPUT'],
    [UnauthorizedException, 401, 'Unauthorized', 'UNAUTHENTICATED'],
    [ForbiddenException, 403, 'Forbidden', 'FORBIDDEN'],
    [NotFoundException, 404, 'Not Found', 'NOT_FOUND'],
    [ConflictException, 409, 'Conflict', 'CONFLICT'],
    [PayloadTooLargeException, 413, 'Payload Too Large', 'PAYLOAD_TOO_LARGE'],
    [UnsupportedMediaTypeException, 415, 'Unsupported Media Type', 'UNSUPPORTED_MEDIA_TYPE'],
    [TooManyRequestsException, 429, 'Too Many Requests', 'TOO_MANY_REQUESTS'],
    [InternalServerErrorException, 500, 'Internal Server Error', 'INTERNAL_SERVER_ERROR'],
    [ServiceUnavailableException, 503, 'Service Unavailable', 'SERVICE_UNAVAILABLE'],
  ];
  for (const [Exception, status, error, code] of catalog) {
    it(`${Exception.name} is a ${status} '${error}' coded ${code}`, () => {
      const err = new Exception('why');
      expect(err).to.be.instanceOf(HTTPException);
      expect(err.toJSON()).to.deep.equal({ statusCode: status, error, message: 'why', code });
    });
  }

  it('ValidationException is a 422 that carries its details', () => {
    const details = [{ path: 'body.name', message: 'Required', code: 'invalid_type' }];
    expect(new ValidationException(details).toJSON()).to.deep.equal({
      statusCode: HTTP_STATUS.UNPROCESSABLE_ENTITY,
      error: 'Unprocessable Entity',
      message: 'Validation failed',
      code: 'BAD_USER_INPUT',
      details,
    });
  });

  it('TooManyRequestsException turns its retry delay into a Retry-After header', () => {
    expect(new TooManyRequestsException('slow down', 30).headers).to.deep.equal({ 'Retry-After': '30' });
    expect(new TooManyRequestsException('slow down').headers).to.equal(undefined);
    const both = new TooManyRequestsException('slow down', 5, { headers: { 'RateLimit-Limit': '10' } });
    expect(both.headers).to.deep.equal({ 'RateLimit-Limit': '10', 'Retry-After': '5' });
  });
});
