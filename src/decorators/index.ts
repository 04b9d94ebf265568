export { recordGuard } from '../kernel';
export { Controller, type ControllerOptions } from './controller';
export { Description, Summary } from './docs';
export { ErrorBody } from './error-body';
export { Mutation, Parent, ResolveField, Resolver, Subscription } from './graphql';
export { HttpCode } from './http-code';
export { All, Delete, Get, Patch, Post, Put } from './http-methods';
export { Implements } from './implements';
export { Injectable } from './injectable';
export {
  Arg,
  Body,
  Cookie,
  CurrentUser,
  Depends,
  Header,
  Param,
  Req,
  RequestId,
  Res,
  ResponseHeaders,
  recordParam,
  Var,
} from './params';
export { Query } from './query';
export { Returns, type ReturnsOptions } from './returns';
export { Throws } from './throws';
export { Deprecated, Version } from './versioning';
export { OnConnect, OnDisconnect, OnMessage, WebSocket, type WebSocketGatewayOptions } from './websocket';
