// The MCP transport's barrel: the decorators, their options, and what the mcp module serves MCP with.
export * from './mcp-call';
export * from './mcp-errors';
export * from './mcp-metadata';
export * from './mcp-options';
export * from './prompt-decorator';
export * from './resource-decorator';
export * from './serve-mcp';
export * from './tool-decorator';
